extension ShojiApp {
    /// Runs another program (an editor, a pager, a shell) on the app's
    /// terminal until it ends, then redraws the app as it was and reports
    /// how the program ended (`ProgramExit`: its status, or the signal that
    /// ended it). The app's screens, stacks and state are untouched; only
    /// what the program itself changed on disk may need reading again.
    ///
    /// A coordinator calls this (presenters ask their coordinator through
    /// their output protocol), usually through a closure it was given, so
    /// tests can pass a fake:
    ///
    /// ```swift
    /// let exit = try app.runInForeground(.editor(opening: path))
    /// if !exit.succeeded { presentAlert(.notice("Editor", message: "vi \(exit)")) }
    /// ```
    ///
    /// Served over ssh the app is a process on the session's pty, so the
    /// program runs there, in the same way. `TerminalEventLoop`'s
    /// `runInForeground(_:)` says what happens to the terminal, the signals
    /// and Ctrl-Z meanwhile; <doc:RunningOtherPrograms> shows it in an app.
    ///
    /// - Throws: `ProgramError` when the program could not be started (not
    ///   found, not executable) or the app is not running yet.
    @discardableResult
    public func runInForeground(_ program: ExternalProgram) throws(ProgramError) -> ProgramExit {
        guard let loop else { throw ProgramError(program: program.name, reason: "the app is not running") }
        return try loop.runInForeground(program)
    }
}
