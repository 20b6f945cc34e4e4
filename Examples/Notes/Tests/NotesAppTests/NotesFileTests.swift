import Foundation
import Testing
@testable import NotesApp
import NotesPresenters

/// The notes file: a save then a load gives the notes back, a failed save
/// leaves the old file as it was and says why, and a bad file at start is
/// one line naming it.
@MainActor
struct NotesFileTests {
    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notes-file-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private let notes = [Note(id: 1, title: "Groceries", body: "milk\neggs\n\tbread 🍞"),
                         Note(id: 7, title: "漢字", body: "")]

    @Test func aSaveThenALoadGivesTheNotesBack() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = NotesFile(directory: directory)
        #expect(try file.load() == nil, "no file yet")
        try file.save(notes)
        #expect(try file.load() == notes)
        try file.save([notes[1]])
        #expect(try file.load() == [notes[1]], "a second save replaces the first")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(leftovers == ["notes.json"], "no temporary file is left behind")
    }

    @Test func aFailedSaveLeavesTheOldFileIntactAndSaysWhy() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = NotesFile(directory: directory)
        try file.save(notes)
        let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
        // A folder where the temporary file would go: the write fails (even
        // for root, whom permissions would not stop).
        try FileManager.default.createDirectory(atPath: directory + "/.notes.json.\(getpid()).tmp",
                                                withIntermediateDirectories: false)
        #expect(throws: NotesFileError.self) { try file.save([]) }
        do { try file.save([]) } catch {
            #expect(error.path == file.path)
            #expect(error.description.contains("could not be saved: Is a directory"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == before, "the old file, byte for byte")
        #expect(try file.load() == notes)
    }

    @Test func aFailedSaveKeepsTheChangeInMemory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = NoteStore(notes: notes, file: NotesFile(path: directory + "/missing-folder/notes.json"))
        #expect(throws: NotesFileError.self) { try store.add(Note(id: 8, title: "Kept", body: "") ) }
        #expect(store.notes.map(\.title) == ["Groceries", "漢字", "Kept"])
    }

    @Test func aMissingFileStartsWithTheSamplesABadOneFailsWithOneLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try NotesLauncher.openStore(dataDirectory: directory, environment: [:])
        #expect(store.notes.count == NotesLauncher.sampleCount)
        #expect(!FileManager.default.fileExists(atPath: directory + "/notes.json"), "written at the first change only")
        try Data("{\"notes\": [{\"id\": \"one\"}]}".utf8).write(to: URL(fileURLWithPath: directory + "/notes.json"))
        do {
            _ = try NotesLauncher.openStore(dataDirectory: directory, environment: [:])
            Issue.record("a bad file must not open")
        } catch {
            #expect(error.exitStatus == 1)
            #expect(error.description.hasPrefix(directory + "/notes.json is not a notes file: line 1, column 19: "))
            #expect(error.description.hasSuffix("; fix or move notes.json (moved away, notes starts again with the "
                + "sample notes); nothing was changed"))
            #expect(!error.description.contains("\n"))
        }
    }
}
