#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// An absolute path as the kernel sees it: bytes, not text. Names are data:
/// a name that is not UTF-8 is kept exactly and can still be opened.
package struct BytePath: Hashable, Sendable, CustomStringConvertible {
    package private(set) var bytes: [UInt8]

    /// `bytes` must start with `/`; doubled and trailing slashes are dropped.
    package init(bytes: [UInt8]) {
        var cleaned: [UInt8] = [0x2F]
        for component in bytes.split(separator: 0x2F, omittingEmptySubsequences: true) {
            if cleaned.count > 1 { cleaned.append(0x2F) }
            cleaned.append(contentsOf: component)
        }
        self.bytes = cleaned
    }

    /// `text` made absolute against `base` (the current directory when nil),
    /// with `.` and `..` resolved lexically.
    package init(_ text: String, relativeTo base: BytePath? = nil) {
        let raw = Array(text.utf8)
        var parts: [[UInt8]] = raw.first == 0x2F ? [] : (base ?? BytePath.currentDirectory).components
        for component in raw.split(separator: 0x2F) {
            if component.elementsEqual([0x2E]) { continue }
            if component.elementsEqual([0x2E, 0x2E]) { _ = parts.popLast(); continue }
            parts.append(Array(component))
        }
        self.init(components: parts)
    }

    package init(components: [[UInt8]]) {
        var bytes: [UInt8] = []
        for component in components {
            bytes.append(0x2F)
            bytes.append(contentsOf: component)
        }
        self.init(bytes: bytes.isEmpty ? [0x2F] : bytes)
    }

    package static let root = BytePath(bytes: [0x2F])

    package static var currentDirectory: BytePath {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return .root }
        return BytePath(bytes: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
    }

    package var isRoot: Bool { bytes == [0x2F] }

    package var components: [[UInt8]] {
        bytes.split(separator: 0x2F, omittingEmptySubsequences: true).map(Array.init)
    }

    package var lastComponent: [UInt8] { components.last ?? [0x2F] }

    package func appending(_ name: [UInt8]) -> BytePath {
        BytePath(bytes: bytes + [0x2F] + name)
    }

    package var parent: BytePath {
        BytePath(components: Array(components.dropLast()))
    }

    /// Whether `self` is `ancestor` or inside it.
    package func isInside(_ ancestor: BytePath) -> Bool {
        let mine = components, theirs = ancestor.components
        return mine.count >= theirs.count && Array(mine.prefix(theirs.count)) == theirs
    }

    /// The path as text for the screen (invalid UTF-8 shown as U+FFFD).
    package var description: String { FileName.display(bytes) }

    /// Calls `body` with the path as a NUL-terminated C string.
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}

/// Names as text: what the screen shows for the bytes.
package enum FileName {
    /// The bytes as UTF-8, invalid sequences as U+FFFD (the bytes are kept
    /// apart for opening). Controls stay in: the framework draws them as
    /// pictures, never as escapes.
    package static func display(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
