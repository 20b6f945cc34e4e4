extension Tool {
    /// Runs the program to its end and returns everything it wrote to
    /// standard output (up to ``outputLimit``) and the end of standard
    /// error.
    ///
    /// The caller's task only waits: the program runs as a child process,
    /// read by a thread of its own. Cancelling the task ends the child
    /// (SIGTERM to its process group, SIGKILL after ``terminationGrace``)
    /// and throws ``ToolError/Reason/cancelled``.
    ///
    /// - Throws: ``ToolError`` when the program is not found or could not
    ///   start, exits with a status other than 0 or is ended by a signal,
    ///   passes the timeout or the output limit, or the task is cancelled.
    public func run() async throws(ToolError) -> ToolOutput {
        if Task.isCancelled { throw ToolError(.cancelled, tool: self) }
        let run = try ToolRun.start(self, mode: .collect)
        return try await run.outcome().get()
    }

    /// The program's standard output line by line, as the reader asks for
    /// it: the program starts when the first line is asked for, and no more
    /// than 64 KiB beyond what the reader took is read from it, so a
    /// program that writes more than the reader wants blocks, and a pager
    /// reads only as far as it shows.
    ///
    /// Lines come without their line feed (and a carriage return before
    /// one), as UTF-8 with invalid bytes replaced; a last line without a
    /// line feed counts. After the last line, a program that did not exit
    /// with status 0 throws ``ToolError``. A reader that stops early (it
    /// leaves the loop, its task is cancelled) ends the program.
    public func lines() -> ToolLines {
        ToolLines(tool: self)
    }
}
