import Foundation
import Testing
@testable import FilesApp
@testable import FilesPresenters

struct MagicNumberTests {
    @Test(arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], "PNG image"),
        ([0xFF, 0xD8, 0xFF, 0xE0], "JPEG image"),
        (Array("GIF89a".utf8), "GIF image"),
        (Array("%PDF-1.7".utf8), "PDF document"),
        ([0x50, 0x4B, 0x03, 0x04], "ZIP archive"),
        ([0x1F, 0x8B, 8, 0], "gzip compressed data"),
        ([0x7F, 0x45, 0x4C, 0x46], "ELF executable"),
        ([0x00, 0x01, 0x02], "binary data"),
    ] as [([UInt8], String)])
    func typeFromTheFirstBytes(bytes: [UInt8], type: String) {
        #expect(FilePreview.type(of: bytes) == type)
    }

    @Test func textOrBinary() {
        #expect(FilePreview.text(from: Array("plain\n".utf8), mayEndMidCharacter: false) == "plain\n")
        #expect(FilePreview.text(from: [0x61, 0x00, 0x62], mayEndMidCharacter: false) == nil)
        #expect(FilePreview.text(from: [0x61, 0xFF], mayEndMidCharacter: false) == nil)
        // A character cut at the 64 KiB limit is still text.
        #expect(FilePreview.text(from: Array("é".utf8).dropLast() + [], mayEndMidCharacter: true) == "")
        #expect(FilePreview.text(from: Array("aé".utf8).dropLast(), mayEndMidCharacter: true) == "a")
        // Tabs reach the page, which expands them to tab stops (they were four spaces each).
        #expect(FilePreview.text(from: Array("name\tsize\nalpha\t12\n".utf8), mayEndMidCharacter: false)
                == "name\tsize\nalpha\t12\n")
    }

    @Test func humanSizes() {
        #expect(Format.size(0) == "0 B")
        #expect(Format.size(1023) == "1023 B")
        #expect(Format.size(1536) == "1.5 KiB")
        #expect(Format.size(50 * 1024 * 1024) == "50 MiB")
        #expect(Format.size(3 * 1024 * 1024 * 1024) == "3.0 GiB")
    }

    @Test func pathsAreBytesResolvedLexically() {
        let base = BytePath("/home/me")
        #expect(BytePath("docs/../notes/./a", relativeTo: base).description == "/home/me/notes/a")
        #expect(BytePath("/x//y/").description == "/x/y")
        #expect(BytePath("/").isRoot)
        #expect(BytePath("/a/b").isInside(BytePath("/a")))
        #expect(!BytePath("/ab").isInside(BytePath("/a")))
        #expect(BytePath("/a/b").parent == BytePath("/a"))
        let raw = BytePath("/t").appending([0xFF, 0x41])
        #expect(raw.bytes == Array("/t/".utf8) + [0xFF, 0x41])
    }
}

/// The reader on a real temporary tree.
struct DirectoryReaderTests {
    private func read(_ tree: TemporaryTree, batchSize: Int = 100) throws -> [DirectoryEntry] {
        var all: [DirectoryEntry] = []
        try DirectoryReader().read(tree.bytePath, batchSize: batchSize) { all += $0 }
        return all.sorted { $0.name.lexicographicallyPrecedes($1.name) }
    }

    @Test func aPreviewListingStopsAtItsLimitAndSaysThereIsMore() throws {
        let tree = TemporaryTree()
        for name in ["e", "b", "d", "a", "c", ".hidden"] { tree.file(name, text: "") }
        tree.directory("sub")
        let all = try DirectoryListing.read(tree.bytePath, limit: 10)
        #expect(all == DirectoryListing(names: ["sub/", "a", "b", "c", "d", "e"], isPartial: false, read: 7))
        let some = try DirectoryListing.read(tree.bytePath, limit: 3)
        #expect(some.isPartial)
        #expect(some.names.count <= 3, "at most the limit read, hidden ones not shown")
        var batches = 0
        try DirectoryReader().read(tree.bytePath, batchSize: 2, continuing: { _ in
            batches += 1
            return false
        })
        #expect(batches == 1, "reading stops when asked")
    }

    @Test func hiddenFilesLinksLoopsFifosAndInvalidNames() throws {
        let tree = TemporaryTree()
        tree.directory("dir")
        tree.file(".hidden", text: "x")
        tree.file("text.txt", text: "hello")
        tree.link("to-dir", to: "dir")
        tree.link("broken", to: "nowhere")
        tree.link("loop-a", to: "loop-b")
        tree.link("loop-b", to: "loop-a")
        tree.fifo("pipe")
        tree.file(rawName: [0x62, 0x61, 0x64, 0xFF, 0xFE])
        tree.file(rawName: [0x63, 0x1B, 0x5B, 0x32, 0x4A])
        let entries = try read(tree)
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })
        #expect(entries.count == 10)
        #expect(byName[Array(".hidden".utf8)]?.isHidden == true)
        #expect(byName[Array("dir".utf8)]?.kind == .directory)
        #expect(byName[Array("to-dir".utf8)]?.kind == .symlink(target: .directory))
        #expect(byName[Array("to-dir".utf8)]?.opensAsDirectory == true)
        #expect(byName[Array("broken".utf8)]?.kind == .symlink(target: nil))
        #expect(byName[Array("loop-a".utf8)]?.kind == .symlink(target: nil))
        #expect(byName[Array("pipe".utf8)]?.kind == .fifo)
        #expect(byName[Array("text.txt".utf8)]?.size == 5)
        let invalid = try #require(byName[[0x62, 0x61, 0x64, 0xFF, 0xFE]])
        #expect(invalid.displayName == "bad\u{FFFD}\u{FFFD}")
        #expect(byName[[0x63, 0x1B, 0x5B, 0x32, 0x4A]]?.displayName == "c\u{1B}[2J")
    }

    @Test func entriesArriveInBatches() throws {
        let tree = TemporaryTree()
        for index in 0..<25 { tree.file("f\(index)", text: "") }
        var batches: [Int] = []
        try DirectoryReader().read(tree.bytePath, batchSize: 10) { batches.append($0.count) }
        #expect(batches == [10, 10, 5])
    }

    @Test func missingAndNotADirectoryAreErrors() {
        let tree = TemporaryTree()
        tree.file("plain", text: "")
        #expect(throws: FileError.notFound(tree.path + "/none")) {
            try DirectoryReader().read(BytePath(tree.path + "/none"), batchSize: 10) { _ in }
        }
        #expect(throws: FileError.notADirectory(tree.path + "/plain")) {
            try DirectoryReader().read(BytePath(tree.path + "/plain"), batchSize: 10) { _ in }
        }
    }

    @Test(.enabled(if: getuid() != 0, "root reads a chmod 000 directory anyway; the seam test covers the error"))
    func anUnreadableDirectoryIsPermissionDenied() {
        let tree = TemporaryTree()
        tree.directory("locked")
        chmod(tree.path + "/locked", 0)
        defer { chmod(tree.path + "/locked", 0o755) }
        #expect(throws: FileError.permissionDenied(tree.path + "/locked")) {
            try DirectoryReader().read(BytePath(tree.path + "/locked"), batchSize: 10) { _ in }
        }
    }

    @Test func previewRefusesFifosAndLoopsWithoutOpeningThem() throws {
        let tree = TemporaryTree()
        tree.fifo("pipe")
        tree.link("loop-a", to: "loop-b")
        tree.link("loop-b", to: "loop-a")
        // Opening a FIFO for reading would block: reaching the assertion proves it was never opened.
        #expect(throws: FileError.notPreviewable(tree.path + "/pipe", kind: "FIFO")) {
            try FilePreview.read(BytePath(tree.path + "/pipe"))
        }
        #expect(throws: FileError.symlinkLoop(tree.path + "/loop-a")) {
            try FilePreview.read(BytePath(tree.path + "/loop-a"))
        }
        #expect(throws: FileError.notPreviewable("/dev/null", kind: "character device")) {
            try FilePreview.read(BytePath("/dev/null"))
        }
    }

    @Test func previewReadsAtMost64KiB() throws {
        let tree = TemporaryTree()
        tree.file("long.txt", [UInt8](repeating: 0x61, count: 100_000))
        let preview = try FilePreview.read(BytePath(tree.path + "/long.txt"))
        #expect(preview.size == 100_000)
        guard case .text(let text, let truncated) = preview.content else { Issue.record("not text"); return }
        #expect(text.utf8.count == 65_536 && truncated)
    }
}

/// A reader that fails as a locked directory does for a normal user.
struct LockedReader: DirectoryReading {
    func read(_ path: BytePath, batchSize: Int, batch: (EntryTable) -> Void) throws(FileError) {
        throw .permissionDenied(path.description)
    }
}

@MainActor
struct BackgroundLoaderTests {
    @Test func aLargeDirectoryIsCountedPerBatchThenArrivesWhole() async throws {
        let tree = TemporaryTree()
        for index in 0..<1_000 { tree.file(String(format: "f%04d", index), text: "") }
        let loader = BackgroundDirectoryLoader()
        loader.batchSize = 300
        loader.progressInterval = .zero
        var events: [String] = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = loader.load(tree.bytePath) { event in
                switch event {
                case .entries(let all):
                    events.append("entries \(all.count)")
                    done.resume()
                case .progress(let count): events.append("progress \(count)")
                case .failed: events.append("failed"); done.resume()
                }
            }
        }
        // Three full batches counted; the short last one is the end.
        #expect(events == ["progress 300", "progress 600", "progress 900", "entries 1000"])
    }

    @Test func aDirectoryReadWithinTheIntervalSendsNoCount() async throws {
        let tree = TemporaryTree()
        for index in 0..<1_000 { tree.file(String(format: "f%04d", index), text: "") }
        let loader = BackgroundDirectoryLoader()
        loader.batchSize = 300
        loader.progressInterval = .seconds(60)
        var events: [String] = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = loader.load(tree.bytePath) { event in
                switch event {
                case .entries(let all): events.append("entries \(all.count)"); done.resume()
                case .progress(let count): events.append("progress \(count)")
                case .failed: events.append("failed"); done.resume()
                }
            }
        }
        #expect(events == ["entries 1000"], "the listing is the next thing drawn")
    }

    @Test func aPermissionErrorIsReportedThroughTheSeam() async {
        let loader = BackgroundDirectoryLoader(reader: LockedReader())
        let error: FileError? = await withCheckedContinuation { done in
            _ = loader.load(BytePath("/locked")) { event in
                if case .failed(let error) = event { done.resume(returning: error) } else { done.resume(returning: nil) }
            }
        }
        #expect(error == .permissionDenied("/locked"))
    }
}
