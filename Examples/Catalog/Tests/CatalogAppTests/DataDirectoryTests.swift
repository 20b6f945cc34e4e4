import Foundation
import Logging
import NIOConcurrencyHelpers
import Testing
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

@Suite struct DataDirectoryTests {
    /// The catalog's folder is the kit's `AppDataFolder` for `catalog`
    /// (the kit's own tests cover the rules and the errors).
    @Test func theDataDirectoryIsTheKitsFolderForTheCatalog() throws {
        let temporary = try TemporaryDirectory()
        let directory = try DataDirectory.prepared(override: nil, environment: ["XDG_DATA_HOME": temporary.file("xdg")])
        #expect(directory.path == temporary.file("xdg/catalog"))
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        #expect(directory.databasePath == temporary.file("xdg/catalog/catalog.sqlite"))
        #expect(try DataDirectory.prepared(override: temporary.file("mine")).path == temporary.file("mine"))
    }
}

@Suite struct SessionFileTests {
    @Test func writeReadClear() throws {
        let temporary = try TemporaryDirectory()
        let session = SessionFile(directory: DataDirectory(path: temporary.path))
        #expect(session.read() == nil)
        try session.write(email: "ann@example.com")
        #expect(session.read() == "ann@example.com")
        try session.write(email: "bob@example.com")
        #expect(session.read() == "bob@example.com")
        let mode = try FileManager.default.attributesOfItem(atPath: session.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == ["session"])
        try session.clear()
        #expect(session.read() == nil)
        try session.clear()
    }
}

@Suite struct LoggingTests {
    /// A user name a client sent, with a title change, a colour and a fake
    /// line in it: the log file and the operator's terminal get text.
    @Test func escapeSequencesFromClientsAreWrittenOut() throws {
        let temporary = try TemporaryDirectory()
        let file = try LogFile(path: temporary.file("catalog.log"))
        let hostile = "evil\u{1B}]2;PWNED\u{07}\u{1B}[31mRED\nFAKE"
        let logger = Logger(label: "catalog.serve") { label in FileLogHandler(label: label, file: file) }
        logger.notice("authentication failed \(hostile)", metadata: ["user": "\(hostile)"])
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(!text.unicodeScalars.contains("\u{1B}") && !text.unicodeScalars.contains("\u{07}"))
        #expect(text.hasSuffix(#"user=evil\x1b]2;PWNED\x07\x1b[31mRED\nFAKE"# + "\n"))

        let captured = CapturedLog()
        let toTerminal = Logger(label: "catalog.serve") { _ in EscapingLogHandler(CapturingLogHandler(log: captured)) }
        toTerminal.notice("term \(hostile)", metadata: ["peer": .array([.string(hostile)])])
        #expect(captured.lines.count == 1)
        #expect(captured.lines.allSatisfy { !$0.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\n" } })
        #expect(captured.lines.first?.hasPrefix(#"term evil\x1b]2;PWNED\x07\x1b[31mRED\nFAKE peer=["#) == true)
    }

    @Test func oneLinePerMessageWithMetadata() throws {
        let temporary = try TemporaryDirectory()
        let file = try LogFile(path: temporary.file("catalog.log"))
        var handler = FileLogHandler(label: "catalog.test", file: file, logLevel: .debug)
        handler[metadataKey: "session"] = "7"
        let logger = Logger(label: "catalog.test") { _ in handler }
        logger.info("signed in\nsecond line", metadata: ["account": "3"])
        logger.debug("loaded")
        logger.trace("not written")

        let lines = try String(contentsOfFile: file.path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix(" info catalog.test: signed in\\nsecond line account=3 session=7"))
        #expect(lines[1].hasSuffix(" debug catalog.test: loaded session=7"))
        #expect(lines[0].wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z .*/) != nil)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test func concurrentWritersNeverInterleave() async throws {
        let temporary = try TemporaryDirectory()
        let file = try LogFile(path: temporary.file("catalog.log"))
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    let logger = Logger(label: "w\(writer)") { label in FileLogHandler(label: label, file: file) }
                    for line in 0..<200 { logger.info("\(String(repeating: "x", count: 500)) \(line)") }
                }
            }
        }
        let lines = try String(contentsOfFile: file.path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1600)
        #expect(lines.allSatisfy { $0.contains(": " + String(repeating: "x", count: 500) + " ") })
    }

    @Test func timestampFormat() {
        #expect(FileLogHandler.timestamp(timespec(tv_sec: 1_757_437_323, tv_nsec: 45_000_000)) == "2025-09-09T17:02:03.045Z")
    }
}

/// What reached a handler, as `message key=value...` lines.
private final class CapturedLog: Sendable {
    private let kept = NIOLockedValueBox<[String]>([])
    var lines: [String] { kept.withLockedValue { $0 } }
    func append(_ line: String) { kept.withLockedValue { $0.append(line) } }
}

private struct CapturingLogHandler: LogHandler {
    let log: CapturedLog
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
        log.append(([event.message.description] + all.keys.sorted().map { "\($0)=\(all[$0]!)" }).joined(separator: " "))
    }
}
