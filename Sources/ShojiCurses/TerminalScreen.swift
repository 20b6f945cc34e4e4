#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import CShojiCurses

/// One curses screen: the real terminal, or a headless one for tests.
///
/// Drawing is retained and coalesced: panels mark themselves dirty, the
/// screen asks its loop for one render, and a render draws the dirty panels
/// then calls `update_panels()` and `doupdate()` once.
@MainActor
public final class TerminalScreen {
    /// How a screen is set up.
    public struct Configuration: Sendable {
        /// Below this size the screen shows "terminal too small" instead of the panels.
        public var minimumSize: CellSize
        /// False turns colours off whatever the terminal can do (`--no-color`).
        public var colors: Bool
        /// How long a lone Esc waits for the rest of an escape sequence. Short, so
        /// Esc as "back" feels immediate; not near 0, or sequences split over ssh
        /// arrive as Esc plus letters.
        public var escapeDelayMilliseconds: Int32
        /// Whether to ask the terminal what it supports at start
        /// (``TerminalProbe``; `SHOJI_TERMINAL_PROBE=0` also turns it off).
        public var probesTerminal: Bool

        /// Configuration; the defaults are a 40x12 minimum
        /// (``CellSize/defaultMinimum``), colours, a 25 ms Esc delay, and the
        /// terminal probed.
        public init(minimumSize: CellSize = .defaultMinimum, colors: Bool = true,
                    escapeDelayMilliseconds: Int32 = 25, probesTerminal: Bool = true) {
            self.minimumSize = minimumSize
            self.colors = colors
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.probesTerminal = probesTerminal
        }
    }

    /// The terminal's size now.
    public private(set) var size: CellSize
    /// The colours and the pairs handed out.
    public let palette: ColorPalette
    /// Whether the screen draws into nowhere (tests).
    public let isHeadless: Bool
    /// Below this size the screen shows "terminal too small" instead of the panels.
    public var minimumSize: CellSize { didSet { layoutAll() } }
    /// How many times the screen has been flushed to the terminal.
    public private(set) var renderCount = 0
    /// Called once when the first panel becomes dirty after a render; the
    /// event loop answers by rendering at the end of the current batch.
    public var onNeedsRender: (() -> Void)?
    /// Whether `end()` has run.
    public private(set) var isEnded = false
    /// Whether the last render showed the text cursor (`curs_set` as the screen set it).
    public internal(set) var isCursorVisible = false
    /// What the terminal said it supports at start: with the kitty keyboard
    /// protocol, keys are unambiguous (Esc acts at once); with synchronized
    /// output, frames are wrapped so they never tear. Bracketed paste is on
    /// for every terminal (those without it ignore the request).
    public internal(set) var capabilities = TerminalCapabilities.none

    /// Sees each frame's bytes just after they went to the terminal in one
    /// write (a recorder, a test counting bytes). Headless screens render
    /// frames too; they are written nowhere.
    public var onFrameWritten: ((UnsafeRawBufferPointer) -> Void)? {
        get { output.observer }
        set { output.observer = newValue }
    }
    /// Whether each frame is wrapped in the terminal's synchronized-output
    /// mode (`CSI ? 2026 h` ... `l`), so a terminal that supports it never
    /// shows half a frame. Turn it on only where the terminal supports it.
    public var synchronizedOutput: Bool {
        get { output.synchronized }
        set { output.synchronized = newValue }
    }

    private let handle: OpaquePointer
    let output: FrameOutput
    private var panels: [WeakPanel] = []
    /// Every live panel bottom to top, hidden ones included, as creation,
    /// `raise()` and `lower()` stacked them (`TerminalScreen+Stacking.swift`).
    var stackingOrder: [WeakPanel] = []
    private var renderRequested = false
    var headlessInput: Int32 = -1
    /// A headless screen's output (`/dev/null`) and input (a pipe) streams.
    var headlessStreams: (output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>)?
    /// The descriptor the screen's keys arrive on: standard input, or a
    /// headless screen's pipe (which `feed` writes into).
    var inputDescriptor: Int32 = STDIN_FILENO
    var inputSequences = InputSequences()
    /// Reads pastes' bodies past ncurses (`TerminalScreen+PasteBody.swift`).
    var pasteBody = PasteBodyReader(isUsable: false)
    /// Whether the last ``pendingKeys()`` read part of a paste's body: no
    /// key yet, but the terminal is not gone.
    var readPasteBodyInLastBatch = false
    /// KEY_RESIZE events that `resizeterm` queued for our own resizes.
    private var ownResizeEvents = 0
    /// Created when first needed; released by `end()` (its panel holds the screen).
    private var tooSmallNotice: TooSmallNotice?
    /// Turns presses into double clicks.
    var clickCounter = MouseClickCounter()
    /// Whether the terminal reports the mouse (xterm SGR mode). Off by
    /// default; an app opts in. Turned off on every exit path (quit,
    /// signals, crashes) and while suspended.
    public var mouseReporting = false { didSet { if mouseReporting != oldValue { applyMouseReporting() } } }

    init(handle: OpaquePointer, output: FrameOutput, configuration: Configuration, headless: Bool) {
        self.handle = handle
        self.output = output
        self.isHeadless = headless
        self.minimumSize = configuration.minimumSize
        HeadlessScreenReclaimer.screenMade()
        set_term(handle)
        cbreak()  // ERR on a non-terminal stream; harmless there.
        noecho()
        nonl()
        keypad(cn_stdscr(), true)
        nodelay(cn_stdscr(), true)
        set_escdelay(configuration.escapeDelayMilliseconds)
        // ncurses would poll the input during doupdate and stop a frame
        // half-way when a key is waiting; the loop reads every waiting key
        // before it renders, so a frame is always drawn whole, in one write.
        typeahead(-1)
        curs_set(0)
        ExtraKeySequences.define()
        MouseReporting.definePrefix()
        pasteBody = PasteBodyReader(isUsable: PasteBodyReader.platformAllows && key_defined("\u{1B}[200") == 0)
        palette = ColorPalette(colorsAllowed: configuration.colors)
        size = CellSize(width: Int(cn_cols()), height: Int(cn_lines()))
        // Until its first endwin, ncurses (6.4) flushes its output at every
        // cursor move inside doupdate: a frame left in a write per changed
        // row (ten for a page, into the frame file or onto the terminal).
        // Leaving and entering once here, before anything is drawn, puts it
        // in the state it is in after a suspend: one write per frame.
        endwin()
        doupdate()
    }

    /// Checks, without touching it, that the terminal can host the UI: a
    /// program calls this before any other start-up work so that a bad
    /// environment fails first and leaves nothing behind.
    public static func verify(configuration: Configuration = Configuration(),
                              environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(TerminalError)
    {
        try TerminalChecks.verify(environment: environment, minimum: configuration.minimumSize)
    }

    /// Takes over the real terminal after checking it can host the UI.
    public static func start(configuration: Configuration = Configuration(),
                             environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(TerminalError) -> TerminalScreen
    {
        try TerminalChecks.verify(environment: environment, minimum: configuration.minimumSize)
        TerminalLocale.adoptUTF8(environment: environment)
        SignalPipe.install()
        cn_save_terminal(STDIN_FILENO)
        let probed = configuration.probesTerminal && TerminalProbe.isAllowed(environment: environment)
        let capabilities = probed ? TerminalProbe.run(input: STDIN_FILENO, output: STDOUT_FILENO) : .none
        let output = FrameOutput.forTerminal(STDOUT_FILENO)
        let cursesOutput = output.cursesDescriptor >= 0 ? output.cursesDescriptor : STDOUT_FILENO
        guard let handle = cn_newterm_files(nil, cursesOutput, STDIN_FILENO) else {
            throw TerminalError(.initializationFailed)
        }
        var configuration = configuration
        configuration.colors = configuration.colors && !ColorPalette.noColorRequested(environment: environment)
        let screen = TerminalScreen(handle: handle, output: output, configuration: configuration, headless: false)
        // After curses set its modes: Ctrl-S (save in a text area) must not
        // stop the output.
        cn_disable_flow_control(STDIN_FILENO)
        cn_capture_reset_sequences()
        cn_set_active(true)
        cn_install_crash_restore()
        screen.capabilities = capabilities
        screen.synchronizedOutput = capabilities.synchronizedOutput
        screen.setTerminalInputModes(on: true)
        return screen
    }

    // MARK: Panels

    /// A new panel above every existing one, laid out by `layout` now and on
    /// every resize.
    public func makePanel(layout: @escaping (CellSize) -> CellRect) -> TerminalPanel {
        activate()
        let panel = TerminalPanel(screen: self, frame: layout(size), layout: layout)
        panels.removeAll { $0.panel == nil }
        panels.append(WeakPanel(panel: panel))
        stackingOrder.removeAll { $0.panel == nil }
        stackingOrder.append(WeakPanel(panel: panel))
        setNeedsRender()
        return panel
    }

    /// The live panels, bottom to top by creation order.
    public var allPanels: [TerminalPanel] { panels.compactMap(\.panel) }

    // MARK: Rendering

    /// Whether something asked for a render that has not happened yet.
    public var needsRender: Bool { renderRequested }

    /// Asks for one render at the end of the current batch of events.
    public func setNeedsRender() {
        guard !renderRequested else { return }
        renderRequested = true
        onNeedsRender?()
    }

    /// Draws dirty panels, composes them and flushes the terminal once.
    public func render() {
        guard !isEnded else { return }
        activate()
        renderRequested = false
        let tooSmall = !size.fits(minimumSize)
        if tooSmall, tooSmallNotice == nil { tooSmallNotice = TooSmallNotice(screen: self) }
        tooSmallNotice?.update(visible: tooSmall, size: size, minimum: minimumSize)
        for panel in allPanels { panel.drawIfNeeded() }
        if renderRequested {
            // A draw changed what another panel shows (a page that turned out
            // to fit no longer offers its scroll keys in the footer): once more.
            renderRequested = false
            for panel in allPanels { panel.drawIfNeeded() }
        }
        if countsTouchedLines { touchedLinesAtLastRender = touchedLines() }
        let compose = {
            update_panels()
            self.placeCursor(hidden: tooSmall)
            doupdate()
            self.writeClusterOverlays()
        }
        // Back from endwin (suspend), doupdate first restores the terminal's
        // modes through ncurses' descriptor: it must be the terminal then.
        if isendwin() { compose() } else { output.compose(compose) }
        renderCount += 1
    }

    /// For tests: whether each render counts the lines ncurses is about to
    /// compose (`touchedLinesAtLastRender`). Off by default: it reads every
    /// line of every window.
    var countsTouchedLines = false
    /// The lines of the standard screen and of every visible panel that
    /// were touched when the last render handed them to ncurses: what it
    /// copies and compares at least (the panel library adds the lines of
    /// panels above a touched one). A change of a few rows touches a few.
    private(set) var touchedLinesAtLastRender = 0

    /// The panel whose cursor shows, when set: the panel of the view that
    /// has the keys (the app's host sets it), so a panel drawn above it
    /// without a cursor (the detail beside a list being filtered) does not
    /// hide it. Nil: the topmost visible panel that asks for one.
    public var cursorPanel: (@MainActor () -> TerminalPanel?)?

    // MARK: CellSize

    /// Adopts a new terminal size and re-lays out every panel, hidden or not.
    public func resize(to newSize: CellSize) {
        activate()
        let clamped = CellSize(width: max(1, newSize.width), height: max(1, newSize.height))
        if clamped != size { ownResizeEvents += 1 }
        resizeterm(Int32(clamped.height), Int32(clamped.width))
        size = clamped
        clearok(cn_curscr(), true)
        layoutAll()
    }

    /// Reads the terminal's size from the kernel and adopts it if it changed.
    public func refreshSizeFromTerminal() {
        guard !isHeadless, let reported = TerminalChecks.windowSize(of: STDOUT_FILENO),
              reported.width > 0, reported.height > 0 else { return }
        resize(to: reported)
    }

    /// Asks every panel for its frame again (its layout inputs changed).
    public func relayoutPanels() { layoutAll() }

    /// Called before every panel is laid out again (the host places splits' columns first).
    public var willLayoutPanels: ((CellSize) -> Void)?

    private func layoutAll() {
        willLayoutPanels?(size)
        for panel in allPanels { panel.applyLayout(screenSize: size) }
        setNeedsRender()
    }

    // MARK: Input

    /// The next key waiting, or nil when none is (the screen never blocks).
    public func nextKey() -> TerminalKey? {
        activate()
        while true {
            var code: UInt32 = 0
            let status = cn_get_wch(cn_stdscr(), &code)
            guard status != ERR else { return nil }
            if status == KEY_CODE_YES, Int32(bitPattern: code) == KEY_MOUSE {
                if let mouse = readMouseReport() { return mouse }
                continue
            }
            let key = TerminalKey.decode(code, isFunctionKey: status == KEY_CODE_YES)
            if key == .resize, ownResizeEvents > 0 {
                ownResizeEvents -= 1
                continue
            }
            return key
        }
    }

    /// Every key waiting now, with pastes and kitty-protocol key reports
    /// (which ncurses leaves as Esc and characters) combined into keys.
    /// Each key goes to the decoder as it is read, so a paste's text is
    /// never held as keys: a paste costs time linear in its length and
    /// memory bounded by ``TerminalKey/largestPaste``.
    /// A paste's body is read past ncurses in large reads.
    public func pendingKeys() -> [TerminalKey] {
        var keys: [TerminalKey] = []
        readPasteBodyInLastBatch = false
        while true {
            if inputSequences.readsPasteBody, pasteBody.isUsable {
                readPasteBody(into: &keys)
                // Still inside the paste: the terminal has nothing more now.
                if inputSequences.readsPasteBody { break }
                continue
            }
            guard let key = nextKey() else { break }
            inputSequences.push(key, into: &keys)
        }
        inputSequences.finishBatch(into: &keys)
        return keys
    }

    // MARK: Lifecycle

    /// Leaves curses mode for a while (suspend, shell-out); `render()` returns.
    public func pause() {
        activate()
        setTerminalInputModes(on: false)
        setTerminalMouseReporting(false)
        endwin()
        cn_set_active(false)
    }

    /// Comes back after `pause()`: full repaint at the current size.
    public func resume() {
        activate()
        if !isHeadless { cn_set_active(true) }
        setTerminalInputModes(on: true)
        setTerminalMouseReporting(mouseReporting)
        refreshSizeFromTerminal()
        clearok(cn_curscr(), true)
        for panel in allPanels { panel.setNeedsDisplay() }
        render()
    }

    /// Restores the terminal. Safe to call more than once.
    public func end() {
        guard !isEnded else { return }
        isEnded = true
        tooSmallNotice = nil
        activate()
        setTerminalInputModes(on: false)
        setTerminalMouseReporting(false)
        endwin()
        if isHeadless {
            close(headlessInput)
        } else {
            cn_set_active(false)
        }
    }

    /// Gives a headless screen's SCREEN and streams back (tests make
    /// thousands of them), as soon as no screen is alive (see
    /// `HeadlessScreenReclaimer`). The real terminal's streams are the
    /// terminal's own, and its screen lives as long as the process.
    isolated deinit {
        if isHeadless { end() }  // its input pipe, when the test did not end it
        HeadlessScreenReclaimer.screenReleased(headlessStreams.map {
            HeadlessScreenReclaimer.Released(handle: handle, output: $0.output, input: $0.input)
        })
    }

    func activate() { set_term(handle) }

    /// Bracketed paste, and the kitty keyboard protocol and grapheme cluster
    /// segmentation (mode 2027) where the terminal has them, on the real
    /// terminal (nothing for a headless screen); the shim switches them off
    /// on every exit path.
    private func setTerminalInputModes(on: Bool) {
        guard !isHeadless else { return }
        cn_set_input_modes(on ? 1 : 0, on && capabilities.kittyKeyboard ? 1 : 0,
                           on && capabilities.graphemeClusters ? 1 : 0)
    }
}

struct WeakPanel {
    weak var panel: TerminalPanel?
}
