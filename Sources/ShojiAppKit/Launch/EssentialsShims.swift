#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few pieces of Foundation proper the kit used, rewritten on the
/// standard library and libc, so that the kit needs only
/// FoundationEssentials: an app that imports nothing more links no
/// Foundation, no FoundationInternationalization and no ICU data (tens of
/// megabytes of binary, milliseconds and mebibytes at every start;
/// Benchmarks/HISTORY.md, "What Foundation costs at start").
enum EssentialsShims {
    #if canImport(Glibc)
    private static let systemWrite = Glibc.write
    #else
    private static let systemWrite = Darwin.write
    #endif

    /// `path` with `name` appended as a path component (NSString's
    /// `appendingPathComponent` for the paths the kit builds).
    static func appending(_ name: String, to path: String) -> String {
        if path.isEmpty { return name }
        return path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// `path` without its last component (NSString's
    /// `deletingLastPathComponent`): "/a/b" -> "/a", "/a" -> "/", "a" -> "".
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// `text` without leading and trailing whitespace and newlines.
    static func trimmed(_ text: some StringProtocol) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }

    /// Ends the process with `status` (exit(3): stdio flushed, atexit run).
    static func exitProcess(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }

    /// Writes `text` whole to standard error or standard output.
    static func write(_ text: String, toStandardError: Bool) {
        let descriptor: Int32 = toStandardError ? 2 : 1
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
