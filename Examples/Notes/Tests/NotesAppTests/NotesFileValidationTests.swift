import Foundation
import Testing
import NotesPresenters
import ShojiAppKit

/// Every way `notes.json` can be wrong is refused at load, with the line and
/// column of the problem (JSONDecoder gave neither, and loaded two notes of
/// one id, so editing the second overwrote the first); the file is never
/// touched.
struct NotesFileValidationTests {
    /// A file's text and the start of what the load must say about it.
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let problem: String
        var testDescription: String { problem }
    }

    static let cases: [Case] = [
        Case(text: "{\"notes\": [\n  {\"id\": 1, \"title\": \"a\", \"body\": \"\"},\n  {\"id\": 1, \"title\": \"b\", \"body\": \"\"}\n]}",
             problem: "line 3, column 10: id 1 is used twice (first at line 2, column 10)"),
        Case(text: "{\"notes\": [\n  {\"id\": 1, \"title\": \"a\", \"body\": \"x\"\n  {\"id\": 2}]}",
             problem: "line 3, column 3: expected \",\" or \"}\" in note 1"),
        Case(text: "", problem: "line 1, column 1: the file is empty"),
        Case(text: "not json", problem: "line 1, column 1: expected a notes file, which starts with \"{\""),
        Case(text: "{\"notes\": [{\"id\": \"1\", \"title\": \"a\", \"body\": \"\"}]}",
             problem: "line 1, column 19: an id is a whole number from 1"),
        Case(text: "{\"notes\": [{\"id\": 1.5, \"title\": \"a\", \"body\": \"\"}]}",
             problem: "line 1, column 19: an id is a whole number from 1"),
        Case(text: "{\"notes\": [{\"id\": 0, \"title\": \"a\", \"body\": \"\"}]}",
             problem: "line 1, column 19: an id is a whole number from 1"),
        Case(text: "{\"notes\": [{\"id\": 99999999999999999999, \"title\": \"a\", \"body\": \"\"}]}",
             problem: "line 1, column 19: the id is too large"),
        Case(text: "{\"notes\": [{\"id\": 1, \"title\": \"a\"}]}", problem: "line 1, column 12: note 1 has no \"body\""),
        Case(text: "{\"notes\": [{\"id\": 1, \"title\": \"a\", \"body\": \"\", \"tags\": []}]}",
             problem: "line 1, column 48: unknown field \"tags\" in note 1"),
        Case(text: "{\"notes\": [{\"id\": 1, \"title\": \"a\", \"title\": \"b\", \"body\": \"\"}]}",
             problem: "line 1, column 36: \"title\" is given twice in note 1"),
        Case(text: "{\"notes\": [{\"id\": 1, \"title\": \"  \", \"body\": \"\"}]}",
             problem: "line 1, column 31: the title is blank"),
        Case(text: "{\"notes\": [{\"id\": 1, \"title\": \"a\\nb\", \"body\": \"\"}]}",
             problem: "line 1, column 31: the title has a line break"),
        Case(text: "{\"notes\": [{\"id\": 1, \"title\": 7, \"body\": \"\"}]}", problem: "line 1, column 31: expected a string"),
        Case(text: "{\"notes\": [], \"notes\": []}", problem: "line 1, column 15: \"notes\" is given twice in the file"),
        Case(text: "{\"version\": 2}", problem: "line 1, column 2: unknown field \"version\""),
        Case(text: "{}", problem: "line 1, column 1: there is no \"notes\" field"),
        Case(text: "{\"notes\": []} []", problem: "line 1, column 15: something follows the notes"),
        Case(text: "{\"notes\": [{\"id\": 1, \"title\": \"漢字\", \"body\": \"\u{01}\"}]}",
             problem: "line 1, column 46: a control character in a string"),
        Case(text: "{\"notes\": [{\"id\": 1, \"title\": \"a\", \"body\": \"\\ud800\"}]}",
             problem: "line 1, column 45: \\ud800 is half of a surrogate pair"),
        Case(text: "{\"notes\": [{\"id\": 1, \"title\": \"a\", \"bo", problem: "line 1, column 39: the file ends inside a string"),
        Case(text: "{\"notes\": [{\"id\": 1, \"title\": \"a\", \"body\": \"\(String(repeating: "x", count: 100_001))\"}]}",
             problem: "line 1, column 44: the body is longer than 100000 characters"),
    ]

    @Test(arguments: cases)
    func aBadFileIsRefusedWithItsLineAndColumnAndLeftAsItWas(_ bad: Case) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-bad-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = NotesFile(directory: directory)
        try Data(bad.text.utf8).write(to: URL(fileURLWithPath: file.path))
        #expect(throws: NotesFileError.self) { try file.load() }
        do { _ = try file.load() } catch {
            #expect(error.description.hasPrefix("\(file.path) is not a notes file: \(bad.problem)"), "\(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == bad.text)
    }

    @Test func aGoodFileLoadsEscapesAndAllAndABodyAtTheLimitFits() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-good-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = NotesFile(directory: directory)
        let long = String(repeating: "y", count: Note.maximumBodyLength)
        let text = """
             { "notes" : [ {"title": "T\\u00e9 \\ud83c\\udf5e \\"q\\"", "body": "a\\n\\tb\\/", "id": 12},
            {"id": 3, "title": "漢字", "body": "\(long)"} ] }\n
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
        let notes = try #require(try file.load())
        #expect(notes == [Note(id: 12, title: "Té 🍞 \"q\"", body: "a\n\tb/"), Note(id: 3, title: "漢字", body: long)])
    }

    @Test @MainActor func theLongestBodyIsWhatTheEditSheetHolds() {
        #expect(Note.maximumBodyLength == TextAreaEditor.defaultMaximumLength)
    }
}
