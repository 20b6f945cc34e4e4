import Foundation
import Testing
@testable import FilesPresenters

/// Copy, move, rename and trash on a temporary tree; a failure half way
/// leaves every file where it was and says why.
struct FileOperationsTests {
    let tree = TemporaryTree()

    init() {
        tree.directory("src/folder/inner")
        tree.file("src/a.txt", text: "alpha")
        tree.file("src/folder/inner/deep.txt", text: "deep")
        tree.link("src/link", to: "a.txt")
        tree.file("src/z.txt", text: "zulu")
        tree.directory("dest")
    }

    private func p(_ relative: String) -> BytePath { BytePath(tree.path + "/" + relative) }
    private func names(_ relative: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: tree.path + "/" + relative)) ?? []).sorted()
    }
    private func text(_ relative: String) -> String? { try? String(contentsOfFile: tree.path + "/" + relative, encoding: .utf8) }

    @Test func copyCopiesFilesFoldersAndLinksAsLinks() throws {
        try FileOperations.copy([p("src/a.txt"), p("src/folder"), p("src/link")], into: p("dest"))
        #expect(names("dest") == ["a.txt", "folder", "link"], "no temporary folder left")
        #expect(text("dest/folder/inner/deep.txt") == "deep")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: tree.path + "/dest/link") == "a.txt")
        #expect(names("src") == ["a.txt", "folder", "link", "z.txt"], "the sources stay")
    }

    @Test func aCopyThatFailsHalfWayLeavesNothingInTheDestination() {
        tree.fifo("src/pipe")
        #expect(throws: OperationError("copy", p("src/pipe"), reason: "a FIFO is not copied")) {
            try FileOperations.copy([p("src/a.txt"), p("src/folder"), p("src/pipe"), p("src/z.txt")], into: p("dest"))
        }
        #expect(names("dest").isEmpty, "a.txt and folder were copied to a hidden folder, which went")
    }

    @Test func aClashStopsBeforeAnythingIsWritten() {
        tree.file("dest/z.txt", text: "other")
        #expect(throws: OperationError.self) { try FileOperations.copy([p("src/a.txt"), p("src/z.txt")], into: p("dest")) }
        #expect(names("dest") == ["z.txt"] && text("dest/z.txt") == "other")
        #expect(throws: OperationError.self) { try FileOperations.copy([p("src/folder")], into: p("src/folder/inner")) }
    }

    @Test func moveRenamesAndAFailureHalfWayPutsBackWhatMoved() throws {
        try FileOperations.move([p("src/a.txt"), p("src/folder")], into: p("dest"))
        #expect(names("dest") == ["a.txt", "folder"] && names("src") == ["link", "z.txt"])
        // z.txt is there when checked, gone when moved: the first one comes back.
        let error = #expect(throws: OperationError.self) {
            try FileOperations.renameAll([(p("src/link"), p("dest/link")), (p("src/gone"), p("dest/gone"))], action: "move")
        }
        #expect(error?.description == "Could not move \(tree.path)/src/gone: No such file or directory.")
        #expect(names("src") == ["link", "z.txt"] && names("dest") == ["a.txt", "folder"])
    }

    @Test func renameRefusesBadNamesAndClashes() throws {
        try FileOperations.rename(p("src/a.txt"), to: Array("b.txt".utf8))
        #expect(names("src") == ["b.txt", "folder", "link", "z.txt"])
        for bad in ["", ".", "..", "x/y"] {
            #expect(throws: OperationError.self) { try FileOperations.rename(p("src/b.txt"), to: Array(bad.utf8)) }
        }
        #expect(throws: OperationError("rename", p("src/b.txt"), reason: "\(tree.path)/src/z.txt already exists")) {
            try FileOperations.rename(p("src/b.txt"), to: Array("z.txt".utf8))
        }
        #expect(text("src/z.txt") == "zulu")
    }

    @Test func trashFollowsTheXDGSpecification() throws {
        // The data folder not made yet (a new account): made.
        let trash = Trash(folder: p("new/share/Trash"))
        tree.file("src/with space%.txt", text: "s")
        let moved = try trash.trash([p("src/a.txt"), p("src/with space%.txt")], now: 0)
        #expect(moved == [Array("a.txt".utf8), Array("with space%.txt".utf8)])
        #expect(names("new/share/Trash/files") == ["a.txt", "with space%.txt"])
        let info = try #require(text("new/share/Trash/info/with space%.txt.trashinfo"))
        #expect(info.hasPrefix("[Trash Info]\nPath=\(tree.path)/src/with%20space%25.txt\nDeletionDate="))
        #expect(info.range(of: #"DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\n$"#, options: .regularExpression) != nil)
        // The same name again gets the next free one.
        tree.file("src/a.txt", text: "second")
        #expect(try trash.trash([p("src/a.txt")]) == [Array("a.txt.2".utf8)])
        #expect(text("new/share/Trash/files/a.txt.2") == "second")
    }

    @Test func aTrashingThatFailsHalfWayPutsEverythingBack() {
        let trash = Trash(folder: p("Trash"))
        let error = #expect(throws: OperationError.self) {
            try trash.trash([p("src/a.txt"), p("src/folder"), p("src/vanished"), p("src/z.txt")])
        }
        #expect(error?.path == tree.path + "/src/vanished")
        #expect(error?.reason == "No such file or directory")
        #expect(names("src") == ["a.txt", "folder", "link", "z.txt"], "a.txt and folder came back")
        #expect(names("Trash/files").isEmpty && names("Trash/info").isEmpty, "no info file left behind")
        #expect(text("src/folder/inner/deep.txt") == "deep")
    }

    @Test func percentEncodingKeepsUnreservedAndSlashes() {
        #expect(Trash.percentEncoded(Array("/a b/ü~_.-".utf8)) == Array("/a%20b/%C3%BC~_.-".utf8))
    }
}
