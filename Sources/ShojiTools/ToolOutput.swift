/// What a tool that succeeded wrote.
public struct ToolOutput: Sendable, Equatable {
    /// Everything it wrote to standard output.
    public var standardOutput: [UInt8]
    /// The last ``ToolError/standardErrorTail`` bytes it wrote to standard
    /// error (a warning from a program that succeeded), as UTF-8 with
    /// invalid bytes replaced.
    public var standardError: String

    /// Standard output as UTF-8 text, invalid bytes replaced.
    public var text: String { String(decoding: standardOutput, as: UTF8.self) }

    /// Standard output's lines, without their line feeds (and a carriage
    /// return before one); a last line without a line feed counts too.
    public var lines: [String] {
        var lines = standardOutput.split(separator: 10, omittingEmptySubsequences: false)
            .map { ToolLineSplitter.line($0) }
        if standardOutput.last == 10 || standardOutput.isEmpty { lines.removeLast() }
        return lines
    }
}
