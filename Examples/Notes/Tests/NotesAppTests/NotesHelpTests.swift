import ShojiTesting
import Testing

/// `notes --help` names the program: it said `USAGE: notes_command`, the
/// name of the Swift type that holds its arguments.
struct NotesHelpTests {
    @Test func helpNamesTheProgram() throws {
        let result = try Subprocess.run(BuiltProduct.path(named: "notes"), ["--help"],
                                        environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: notes "), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("notes_command") && !result.standardOutput.contains("notes-command"))
        #expect(result.standardOutput.contains("--data-dir <dir>") && result.standardOutput.contains("TERMINAL UI OPTIONS:"))
    }
}
