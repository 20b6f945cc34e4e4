#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import CShojiCurses

/// The checks made before curses touches the terminal, so that every way the
/// environment can fail ends in one clear line instead of ncurses' own exit.
enum TerminalChecks {
    static func verify(environment: [String: String], minimum: CellSize) throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1 else { throw TerminalError(.notATerminal(stream: "standard input")) }
        guard isatty(STDOUT_FILENO) == 1 else { throw TerminalError(.notATerminal(stream: "standard output")) }
        guard let term = environment["TERM"], !term.isEmpty else { throw TerminalError(.termUnset) }
        try verifyTerminfo(term)
        if let size = windowSize(of: STDOUT_FILENO), size.width > 0, size.height > 0, !size.fits(minimum) {
            throw TerminalError(.tooSmall(actual: size, minimum: minimum))
        }
    }

    /// Loads the terminfo entry without starting curses, to name a bad TERM.
    private static func verifyTerminfo(_ term: String) throws(TerminalError) {
        switch cn_check_terminfo(term, STDOUT_FILENO) {
        case 0: throw TerminalError(.unknownTerm(term))
        case -1: throw TerminalError(.cannotAddressCursor(term))
        default: return
        }
    }

    /// The size the kernel reports for the terminal on `fd`.
    static func windowSize(of fd: Int32) -> CellSize? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return CellSize(width: Int(size.ws_col), height: Int(size.ws_row))
    }
}
