#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension stat {
    /// The modification time in whole seconds: Linux names the field
    /// `st_mtim`, Darwin `st_mtimespec`.
    package var modifiedSeconds: Int {
        #if canImport(Darwin)
        Int(st_mtimespec.tv_sec)
        #else
        Int(st_mtim.tv_sec)
        #endif
    }
}
