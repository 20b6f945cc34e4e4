import FuzzDriver
import ShojiSSH

/// `authorized_keys` parsing on arbitrary text: every line is either an entry
/// or a problem (never both, never neither unless blank or a comment), each
/// names a line that exists, and a problem's reason is one line.
@main enum FuzzAuthorizedKeys {
    static func main() { runFuzzer(testOneInput) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    let keys = AuthorizedKeys(text: text)
    let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
    var seen = Set<Int>()
    for entry in keys.entries {
        if !(1...max(lineCount, 1)).contains(entry.line) { fuzzFailure("entry on line \(entry.line) of \(lineCount)") }
        if !seen.insert(entry.line).inserted { fuzzFailure("two entries on line \(entry.line)") }
    }
    for problem in keys.problems {
        if !(1...max(lineCount, 1)).contains(problem.line) { fuzzFailure("problem on line \(problem.line) of \(lineCount)") }
        if !seen.insert(problem.line).inserted { fuzzFailure("line \(problem.line) is both an entry and a problem, or two problems") }
        if problem.reason.isEmpty || problem.reason.contains(where: \.isNewline) {
            fuzzFailure("problem reason not one line: \(problem.reason.debugDescription)")
        }
    }
    return 0
}
