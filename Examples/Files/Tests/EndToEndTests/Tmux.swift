import Foundation
import ShojiEndToEnd
import Testing

/// The `files` app in a terminal of its own (ShojiEndToEnd's `TmuxTerminal`:
/// a private tmux server at a fixed size, UTF-8, xterm-256color). After the
/// app ends the pane shows `EXIT:<status>`.
final class Tmux {
    let terminal: TmuxTerminal

    /// Starts `arguments` of the `files` binary (`FILES_BIN` overrides it) in `directory`.
    init(in directory: String, arguments: [String] = [], width: Int = 80, height: Int = 24,
         environment: [String: String] = [:]) throws {
        terminal = try TmuxTerminal(width: width, height: height)
        let binary = ProcessInfo.processInfo.environment["FILES_BIN"] ?? BuiltProduct.path(named: "files")
        let quoted = ([binary] + arguments).map(Self.quote)
        let variables = environment.map { "\($0)=\(Self.quote($1))" }
        try terminal.run("clear; cd \(Self.quote(directory)) && \((variables + quoted).joined(separator: " ")); echo EXIT:$?")
    }

    private static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    func press(_ keys: String...) throws { try terminal.press(keys: keys) }
    func type(_ text: String) throws { try terminal.type(text) }
    func screen() throws -> [String] { try terminal.screen() }
    func paneValue(_ format: String) throws -> String { try terminal.paneValue(format) }

    @discardableResult
    func waitFor(timeout: TimeInterval = 10, _ predicate: ([String]) -> Bool) throws -> [String] {
        try terminal.waitFor(timeout: timeout, predicate)
    }

    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 10) throws -> [String] {
        try terminal.waitFor(text: text, timeout: timeout)
    }

    /// The header line (breadcrumb).
    func header() throws -> String { try screen().first ?? "" }
}

/// A tree for one test, removed at the end.
final class Tree {
    let path: String
    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("files-e2e-\(UUID().uuidString.prefix(8))").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { _ = try? FileManager.default.removeItem(atPath: path) }
    func directory(_ name: String) {
        try! FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
    }
    func file(_ name: String, _ bytes: [UInt8]) {
        _ = FileManager.default.createFile(atPath: path + "/" + name, contents: Data(bytes))
    }
}
