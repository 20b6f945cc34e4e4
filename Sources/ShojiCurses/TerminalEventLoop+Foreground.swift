import CShojiCurses
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

extension TerminalEventLoop {
    /// Lends the terminal to another program (an editor, a pager, a shell)
    /// until it ends, then takes it back with the screen redrawn whole:
    /// what `system(3)` does for a line-mode program, done the way a shell
    /// runs a job.
    ///
    /// - The screen leaves curses mode as for Ctrl-Z: the terminal's modes
    ///   restored and every protocol the app switched on (alternate screen,
    ///   mouse reporting, bracketed paste, the kitty keyboard protocol) off;
    ///   XON/XOFF is the user's again.
    /// - The program is spawned (`posix_spawnp`, never `fork`) with the
    ///   app's environment, standard input, output and error, and no other
    ///   descriptor, in a process group of its own that becomes the
    ///   terminal's foreground: Ctrl-C and Ctrl-Z go to it. The app ignores
    ///   SIGINT, SIGQUIT and SIGTSTP meanwhile, and this call blocks the main
    ///   thread, so the loop neither reads the terminal nor draws.
    /// - Ctrl-Z in the program stops the app with it (the shell's `fg`
    ///   continues both); where no job-control shell is above the app (a
    ///   session served over ssh) the program is simply continued.
    /// - Back: curses mode and every protocol on again, the size read anew
    ///   (the terminal may have been resized meanwhile, `onResize` is called
    ///   when it was), every panel redrawn. Nothing else in the app changed.
    ///
    /// On a headless screen (tests) the program runs with the test's
    /// standard streams and no terminal is handed over.
    ///
    /// - Returns: how the program ended (its status, or the signal that ended it).
    /// - Throws: ``ProgramError`` when it could not be started; the screen
    ///   is back by then.
    @discardableResult
    public func runInForeground(_ program: ExternalProgram) throws(ProgramError) -> ProgramExit {
        guard let executable = program.arguments.first, !executable.isEmpty else {
            throw ProgramError(program: "", reason: "no program given")
        }
        guard !program.arguments.contains(where: { $0.contains(0) }) else {
            throw ProgramError(program: program.name, reason: "an argument holds a NUL byte")
        }
        let before = screen.size
        let terminal: Int32 = screen.isHeadless ? -1 : screen.inputDescriptor
        // Only where the loop's own handlers are installed: a test process
        // keeps its signal dispositions.
        let forwarding = SignalPipe.writeDescriptor
        screen.pause()
        if forwarding >= 0 { cn_foreground_ignore_job_signals(1, forwarding) }
        defer {
            if forwarding >= 0 { cn_foreground_ignore_job_signals(0, forwarding) }
            screen.resume()
            if screen.size != before { onResize(screen.size) }
        }
        let started = Self.withArgv(program.arguments) { argv -> (Int32, Int32) in
            var pid: Int32 = 0
            let result = cn_foreground_spawn(argv[0], argv, terminal, &pid)
            return (result, pid)
        }
        guard started.0 == 0 else { throw ProgramError(program: program.name, code: started.0) }
        var status: Int32 = 0
        guard cn_foreground_wait(started.1, terminal, &status) == 0, let exit = ProgramExit(waitStatus: status) else {
            throw ProgramError(program: program.name, code: errno)
        }
        return exit
    }

    /// Calls `body` with `arguments` as a NULL-terminated array of C strings.
    private static func withArgv<Result>(_ arguments: [[UInt8]],
                                         _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result
    {
        let strings = arguments.map { bytes -> UnsafeMutablePointer<CChar> in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
        defer { strings.forEach { $0.deallocate() } }
        var argv: [UnsafeMutablePointer<CChar>?] = strings + [nil]
        return argv.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
