#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Writes a session as an asciinema v2 cast (`--record FILE`), so a demo can
/// be replayed with `asciinema play FILE`: a header with the size and
/// `TERM`, then one event per frame (`[seconds, "o", text]`) and per resize
/// (`[seconds, "r", "WxH"]`).
///
/// Each frame already reaches the terminal in one write; the recorder turns
/// that write into one line of the file with one `write(2)` of its own, so
/// a crash loses nothing recorded before it and a key pays microseconds.
@MainActor
public final class SessionRecorder {
    private let descriptor: Int32
    private let start = ContinuousClock.now
    private var line: [UInt8] = []

    /// Creates (or truncates) `path` and writes the header for a terminal of
    /// `size`. Throws a one-line `LaunchError` (status 1) saying what failed.
    public init(path: String, size: CellSize, environment: [String: String] = ProcessInfo.processInfo.environment,
                title: String? = nil) throws(LaunchError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw LaunchError("cannot record to '\(path)': \(String(cString: strerror(errno))); "
                              + "choose a file in a folder you can write", exitStatus: 1)
        }
        var header = #"{"version": 2, "width": \#(size.width), "height": \#(size.height), "timestamp": \#(Int(Date().timeIntervalSince1970))"#
        var variables: [String] = []
        for name in ["SHELL", "TERM"] {
            if let value = environment[name] { variables.append("\(Self.quoted(name)): \(Self.quoted(value))") }
        }
        header += #", "env": {\#(variables.joined(separator: ", "))}"#
        if let title { header += #", "title": \#(Self.quoted(title))"# }
        header += "}\n"
        append(Array(header.utf8))
    }

    deinit { close(descriptor) }

    /// Records one frame's bytes, as the terminal received them.
    public func record(frame: UnsafeRawBufferPointer) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: "[\(timestamp()), \"o\", ".utf8)
        Self.appendQuoted(String(decoding: frame, as: UTF8.self).utf8, to: &line)
        line.append(contentsOf: "]\n".utf8)
        append(line)
    }

    /// Records that the terminal changed size.
    public func record(resize size: CellSize) {
        append(Array("[\(timestamp()), \"r\", \"\(size.width)x\(size.height)\"]\n".utf8))
    }

    private func timestamp() -> String {
        let elapsed = start.duration(to: .now)
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    private func append(_ bytes: [UInt8]) {
        FileSizeLimit.writing { bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                // A full disk or a removed file must not stop the app: the recording just ends there.
                guard written > 0 else { return }
                offset += written
            }
        } }
    }

    private static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text.utf8, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    private static func appendQuoted(_ text: String.UTF8View, to bytes: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
