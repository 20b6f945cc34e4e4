#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The libc calls whose names the model's own methods shadow, named through
/// the C library (they were `Foundation.rename` and `Foundation.read` while
/// the app imported Foundation proper, which it no longer links).
enum SystemCalls {
    #if canImport(Glibc)
    static let rename = Glibc.rename
    static let read = Glibc.read
    #else
    static let rename = Darwin.rename
    static let read = Darwin.read
    #endif

    /// `value` in lowercase hexadecimal, zero-padded to `width` digits.
    static func hex(_ value: some BinaryInteger, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
