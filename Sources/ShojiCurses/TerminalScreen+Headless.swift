#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import CShojiCurses

/// Headless screens: drawn into nowhere, read back by tests.
extension TerminalScreen {
    /// A screen of `size` drawn into nowhere, whose composed contents tests
    /// read back with `snapshot()` and whose input they feed with `feed(_:)`.
    public static func headless(size: CellSize, colors: Bool = true, term: String = "xterm-256color",
                                minimumSize: CellSize = CellSize(width: 1, height: 1),
                                capabilities: TerminalCapabilities = .none) -> TerminalScreen
    {
        headless(size: size, colors: colors, term: term, minimumSize: minimumSize, capabilities: capabilities,
                 uncapturedOutput: nil)
    }

    /// A headless screen whose ncurses writes go straight to `uncapturedOutput`
    /// (which it takes over), not through the frame file, when given: tests
    /// count how many writes ncurses makes for one frame.
    static func headless(size: CellSize, colors: Bool = true, term: String = "xterm-256color",
                         minimumSize: CellSize = CellSize(width: 1, height: 1),
                         capabilities: TerminalCapabilities = .none, uncapturedOutput: Int32?) -> TerminalScreen
    {
        // Tests must not depend on the locale they were started in.
        TerminalLocale.adoptUTF8(honouringUserChoice: false)
        let output = uncapturedOutput ?? open("/dev/null", O_WRONLY | O_CLOEXEC)
        var input: [Int32] = [0, 0]
        // The streams are kept so they can be closed once the screen is
        // freed: newterm does not take them over, and delscreen leaves them open.
        guard output >= 0, pipe(&input) == 0,
              let outputStream = fdopen(output, "w"), let inputStream = fdopen(input[0], "r"),
              let handle = newterm(term, outputStream, inputStream)
        else { fatalError("cannot create a headless curses screen for \(term)") }
        _ = fcntl(input[1], F_SETFL, fcntl(input[1], F_GETFL) | O_NONBLOCK)
        let frames = FrameOutput(cursesDescriptor: uncapturedOutput == nil ? output : -1, terminalDescriptor: nowhere)
        let screen = TerminalScreen(handle: handle, output: frames,
                                    configuration: Configuration(minimumSize: minimumSize, colors: colors), headless: true)
        screen.headlessInput = input[1]
        screen.headlessStreams = (outputStream, inputStream)
        screen.inputDescriptor = input[0]
        screen.capabilities = capabilities
        screen.resize(to: size)
        return screen
    }

    /// Where headless screens' frames go: one descriptor for all of them.
    static let nowhere = open("/dev/null", O_WRONLY | O_CLOEXEC)
}
