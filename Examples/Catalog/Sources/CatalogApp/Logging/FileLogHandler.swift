import CatalogModel
import CatalogPresenters
import Foundation
import Logging
import ShojiPresentation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A swift-log handler writing one line per message to a `LogFile`:
/// `2025-09-09T17:02:03.123Z info catalog.accounts: signed in account=7`.
/// Line breaks and every other control character in messages and metadata
/// are escaped (`ControlCharacters`), so a message is always exactly one
/// line and nothing a client sent can drive the terminal of whoever reads
/// the log with `cat` or `tail -f`.
package struct FileLogHandler: LogHandler {
    package var logLevel: Logger.Level
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?

    private let label: String
    private let file: LogFile

    package init(label: String, file: LogFile, logLevel: Logger.Level = .info, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.file = file
        self.logLevel = logLevel
        self.metadataProvider = metadataProvider
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let eventMetadata = event.metadata { merged.merge(eventMetadata) { _, new in new } }
        var line = "\(Self.timestamp()) \(event.level) \(label): \(Self.oneLine(event.message.description))"
        for key in merged.keys.sorted() {
            line += " \(Self.oneLine(key))=\(Self.oneLine(merged[key]!.description))"
        }
        file.append(line: line)
    }

    /// ISO-8601 UTC with milliseconds, from `gmtime_r` (thread-safe, no
    /// formatter or locale involved).
    static func timestamp(_ now: timespec = Self.now()) -> String {
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { String(value).leftPadded(to: 2) }
        let milliseconds = String(now.tv_nsec / 1_000_000).leftPadded(to: 3)
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(milliseconds)Z"
    }

    private static func now() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now
    }

    private static func oneLine(_ text: String) -> String {
        ControlCharacters.escaped(text)
    }
}
