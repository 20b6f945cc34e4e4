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
        let event: DirectoryLoadEvent = failures[path].map { .failed($0) } ?? .entries(EntryTable(listings[path] ?? []))
        if holds { held.append { report(event) } } else { report(event) }
        return DirectoryLoadTask()
    }

    func flush() {
        let pending = held
        held = []
        for deliver in pending { deliver() }
    }
}

/// Keeps each read's report for the test to call: the events a background
/// read sends (counts, then every entry), on the test's turn.
@MainActor
final class ScriptedLoader: DirectoryLoading {
    private var report: (@MainActor (DirectoryLoadEvent) -> Void)?
    func load(_ path: BytePath, report: @escaping @MainActor (DirectoryLoadEvent) -> Void) -> DirectoryLoadTask {
        self.report = report
        return DirectoryLoadTask()
    }
    func send(_ event: DirectoryLoadEvent) { report?(event) }
}

/// A directory of `count` files named `file-000000.txt`... read in a
/// scrambled order (as a file system's hash order looks), which stops
/// after `pauseAfter` entries until `resume()`.
final class GatedReader: DirectoryReading {
    let count: Int
    let pauseAfter: Int
    private let gate = DispatchSemaphore(value: 0)
    init(count: Int, pauseAfter: Int) {
        self.count = count
        self.pauseAfter = pauseAfter
    }
    func resume() { gate.signal() }
    func read(_ path: BytePath, batchSize: Int, batch: (EntryTable) -> Void) throws(FileError) {
        var pending = EntryTable()
        for position in 0..<count {
            if position == pauseAfter { gate.wait() }
            // 7,919 is prime and does not divide the counts used: every index once, scrambled.
            let index = position * 7_919 % count
            pending.append(entry(String(format: "file-%06d.txt", index)))
            if pending.count == batchSize {
                batch(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty { batch(pending) }
    }
}

@MainActor
final class MockDirectoryView: DirectoryView {
    var log: [String] = []
    var selectedRow: Int?
    func showEntries() { log.append("entries") }
    func showProgress(_ progress: WorkProgress?) {
        log.append(progress.map { "progress \($0.label) \($0.completed)" } ?? "progress done")
    }
    func showProblem(_ message: String) { log.append("problem \(message)") }
    func select(row: Int) { selectedRow = row }
    func showSort(_ order: EntrySort?, ascending: Bool) {
        log.append(order.map { "sort \($0) \(ascending)" } ?? "unsorted")
    }
    func showColumns(details: Bool) { log.append("columns details \(details)") }
    func showFind(_ status: String) { log.append("find \(status)") }
}

@MainActor
final class MockDirectoryOutput: DirectoryOutput {
    var chosen: [DirectoryEntry] = []
    var errors: [FileError] = []
    func directory(_ presenter: DirectoryPresenter, didChoose entry: DirectoryEntry) { chosen.append(entry) }
    func directory(_ presenter: DirectoryPresenter, couldNotRead error: FileError) { errors.append(error) }
    var opened: [(DirectoryEntry, FileOpener)] = []
    func directory(_ presenter: DirectoryPresenter, open entry: DirectoryEntry, in opener: FileOpener) {
        opened.append((entry, opener))
    }
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
        _ = FileManager.default.createFile(atPath: path + "/" + name, contents: Data(contents))
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
