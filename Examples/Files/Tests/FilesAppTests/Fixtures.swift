import Foundation
import ShojiAppKit
@testable import FilesApp
@testable import FilesPresenters

/// Delivers entries at once, on the caller's turn, or an error: the
/// presenter and coordinator tests need no thread and no disk.
@MainActor
final class ImmediateLoader: DirectoryLoading {
    var listings: [BytePath: [DirectoryEntry]] = [:]
    var failures: [BytePath: FileError] = [:]
    /// Hold deliveries until `flush()` (to see the loading state).
    var holds = false
    private(set) var loads: [BytePath] = []
    private var held: [() -> Void] = []

    func load(_ path: BytePath, report: @escaping @MainActor (DirectoryLoadEvent) -> Void) -> DirectoryLoadTask {
        loads.append(path)
        let event: DirectoryLoadEvent = failures[path].map { .failed($0) } ?? .entries(listings[path] ?? [], complete: true)
        if holds { held.append { report(event) } } else { report(event) }
        return DirectoryLoadTask()
    }

    func flush() {
        let pending = held
        held = []
        for deliver in pending { deliver() }
    }
}

@MainActor
final class MockDirectoryView: DirectoryView {
    var log: [String] = []
    var selectedRow: Int?
    func showEntries() { log.append("entries") }
    func showLoading(count: Int) { log.append("loading \(count)") }
    func showLoaded() { log.append("loaded") }
    func showProblem(_ message: String) { log.append("problem \(message)") }
    func select(row: Int) { selectedRow = row }
    func showSort(_ order: EntrySort, ascending: Bool) { log.append("sort \(order) \(ascending)") }
}

@MainActor
final class MockDirectoryRoute: DirectoryRoute {
    var chosen: [DirectoryEntry] = []
    var errors: [FileError] = []
    func directory(_ presenter: DirectoryPresenter, didChoose entry: DirectoryEntry) { chosen.append(entry) }
    func directory(_ presenter: DirectoryPresenter, couldNotRead error: FileError) { errors.append(error) }
}

func entry(_ name: String, _ kind: EntryKind = .file, size: Int64 = 0, modified: Int = 0) -> DirectoryEntry {
    DirectoryEntry(name: Array(name.utf8), kind: kind, size: size, modified: modified)
}

/// A temporary directory tree, removed at the end.
final class TemporaryTree {
    let path: String
    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("files-tests-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit {
        _ = try? FileManager.default.removeItem(atPath: path)
    }
    var bytePath: BytePath { BytePath(path) }
    func directory(_ name: String) {
        try! FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
    }
    func file(_ name: String, _ contents: [UInt8]) {
        FileManager.default.createFile(atPath: path + "/" + name, contents: Data(contents))
    }
    func file(_ name: String, text: String) { file(name, Array(text.utf8)) }
    /// A file whose name is raw bytes (not UTF-8).
    func file(rawName: [UInt8]) {
        let full = Array((path + "/").utf8) + rawName + [0]
        let descriptor = full.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        close(descriptor)
    }
    func link(_ name: String, to target: String) { symlink(target, path + "/" + name) }
    func fifo(_ name: String) { mkfifo(path + "/" + name, 0o644) }
}
