#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// What the preview of one file shows: its first 64 KiB as text, or, for a
/// binary file, a summary (size, type from its first bytes, a hex dump).
/// Images and archives are never interpreted.
package struct FilePreview: Hashable, Sendable {
    package enum Content: Hashable, Sendable {
        case text(String, truncated: Bool)
        case binary(type: String, hexDump: [String])
    }

    package var name: String
    package var size: Int64
    package var modified: Int
    package var content: Content

    package static let limit = 64 * 1024
    package static let hexBytes = 256

    /// Reads `path`: stat first (a FIFO, device or socket is never opened),
    /// then at most `limit` bytes, non-blocking and checked again after
    /// opening, so a file swapped for a FIFO in between is refused too.
    package static func read(_ path: BytePath) throws(FileError) -> FilePreview {
        let (kind, _, _) = try DirectoryReader.kind(of: path)
        guard kind == .file else { throw FileError.notPreviewable(path.description, kind: kindName(kind)) }
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard descriptor >= 0 else { throw FileError(errno: errno, path: path.description) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileError(errno: errno, path: path.description) }
        guard EntryKind(mode: info.st_mode) == .file else {
            throw FileError.notPreviewable(path.description, kind: kindName(EntryKind(mode: info.st_mode)))
        }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let got = bytes.withUnsafeMutableBytes { SystemCalls.read(descriptor, $0.baseAddress! + count, limit - count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileError(errno: errno, path: path.description)
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        return FilePreview(name: FileName.display(path.lastComponent), size: Int64(info.st_size),
                           modified: info.modifiedSeconds, bytes: bytes)
    }

    package init(name: String, size: Int64, modified: Int, bytes: [UInt8]) {
        self.name = name
        self.size = size
        self.modified = modified
        let truncated = size > Int64(bytes.count)
        if let text = Self.text(from: bytes, mayEndMidCharacter: truncated) {
            content = .text(text, truncated: truncated)
        } else {
            content = .binary(type: Self.type(of: bytes), hexDump: Self.hexDump(bytes.prefix(Self.hexBytes)))
        }
    }

    /// The bytes as text, or nil when they look binary: a NUL, invalid
    /// UTF-8 (a character cut at the 64 KiB limit excepted), or many controls.
    package static func text(from bytes: [UInt8], mayEndMidCharacter: Bool) -> String? {
        if bytes.contains(0) { return nil }
        var usable = bytes[...]
        if mayEndMidCharacter {
            // Drop a partial UTF-8 sequence at the cut.
            var back = 0
            while back < 3, back < usable.count, usable[usable.endIndex - 1 - back] & 0xC0 == 0x80 { back += 1 }
            if back < usable.count, usable[usable.endIndex - 1 - back] >= 0xC0 { usable = usable.dropLast(back + 1) }
        }
        guard let text = String(validating: usable, as: UTF8.self) else { return nil }
        var controls = 0
        for byte in usable where byte < 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 && byte != 0x0C {
            controls += 1
        }
        if controls * 10 > max(usable.count, 1) { return nil }
        // Tabs stay: the page expands them to the next multiple of 8, as
        // the file's own alignment assumes (four spaces each broke it).
        return text.replacing("\r\n", with: "\n")
    }

    /// The file's type from its first bytes (magic numbers).
    package static func type(of bytes: [UInt8]) -> String {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "PNG image" }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG image" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "GIF image" }
        if starts(Array("%PDF-".utf8)) { return "PDF document" }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) { return "ZIP archive" }
        if starts([0x1F, 0x8B]) { return "gzip compressed data" }
        if starts([0x7F, 0x45, 0x4C, 0x46]) { return "ELF executable" }
        if starts([0x42, 0x5A, 0x68]) { return "bzip2 compressed data" }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return "xz compressed data" }
        if starts([0x28, 0xB5, 0x2F, 0xFD]) { return "Zstandard compressed data" }
        if starts([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) { return "7-Zip archive" }
        if starts(Array("ustar".utf8), at: 257) { return "tar archive" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "WebP image" }
        if starts(Array("RIFF".utf8)), starts(Array("WAVE".utf8), at: 8) { return "WAV audio" }
        if starts(Array("OggS".utf8)) { return "Ogg media" }
        if starts(Array("ID3".utf8)) { return "MP3 audio" }
        if starts(Array("ftyp".utf8), at: 4) { return "MP4/QuickTime media" }
        if starts(Array("SQLite format 3".utf8) + [0]) { return "SQLite database" }
        if starts([0xCA, 0xFE, 0xBA, 0xBE]) || starts([0xCF, 0xFA, 0xED, 0xFE]) { return "Mach-O executable" }
        if starts(Array("MZ".utf8)) { return "DOS/Windows executable" }
        if starts([0x00, 0x61, 0x73, 0x6D]) { return "WebAssembly module" }
        return bytes.isEmpty ? "empty" : "binary data"
    }

    /// `xxd`-style lines: offset, 16 bytes in hex, the printable ASCII.
    package static func hexDump(_ bytes: ArraySlice<UInt8>) -> [String] {
        var lines: [String] = []
        var offset = 0
        let all = Array(bytes)
        while offset < all.count {
            let row = all[offset..<min(offset + 16, all.count)]
            var hex = ""
            for (index, byte) in row.enumerated() {
                hex += SystemCalls.hex(byte, width: 2)
                if index % 2 == 1 { hex += " " }
            }
            let ascii = String(row.map { $0 >= 0x20 && $0 < 0x7F ? Character(Unicode.Scalar($0)) : "." })
            let padding = String(repeating: " ", count: max(0, 40 - hex.count))
            lines.append(SystemCalls.hex(offset, width: 8) + ": " + hex + padding + " " + ascii)
            offset += 16
        }
        return lines
    }

    package static func kindName(_ kind: EntryKind) -> String {
        switch kind {
        case .directory: "directory"
        case .file: "file"
        case .fifo: "FIFO"
        case .characterDevice: "character device"
        case .blockDevice: "block device"
        case .socket: "socket"
        case .symlink: "symbolic link"
        case .other: "special file"
        }
    }
}

/// Sizes and times as the table shows them.
package enum Format {
    /// `0 B`, `999 B`, `1.5 KiB`, `12 MiB`: at most 7 columns.
    package static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        guard value < 10 else { return "\(Int(value)) \(units[unit])" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// `2026-11-24 08:25` in local time (`format` is `strftime`'s).
    package static func time(_ seconds: Int, format: String = "%Y-%m-%d %H:%M") -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return "" }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
