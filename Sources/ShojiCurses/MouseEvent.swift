import CShojiCurses
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// A mouse report from the terminal, decoded from xterm's SGR form
/// (`ESC [ < b ; x ; y M` for a press or motion, `m` for a release).
///
/// Mouse reporting is off unless the app turns it on
/// (`TerminalScreen.mouseReporting`); keyboard use never depends on it.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Action: Hashable, Sendable {
        case press, release, drag, move
        case wheelUp, wheelDown, wheelLeft, wheelRight
    }

    /// Which button, numbered as xterm reports it.
    public enum Button: Int, Hashable, Sendable {
        case left = 0, middle = 1, right = 2
        case back = 8, forward = 9
    }

    /// What the mouse did.
    public var action: Action
    /// The button pressed, released or held; nil for the wheel and a plain move.
    public var button: Button?
    /// The cell, 0-based, from the screen's top-left corner.
    public var position: CellPoint
    /// Shift was held.
    public var shift = false
    /// Alt (Meta) was held.
    public var alt = false
    /// Control was held.
    public var control = false
    /// 1 for a single press, 2 for the second press of a double click, ...:
    /// filled in by the screen from the time between presses.
    public var clickCount = 1

    /// A report of `action` at `position`, with the button and modifiers held.
    public init(action: Action, button: Button? = nil, position: CellPoint,
                shift: Bool = false, alt: Bool = false, control: Bool = false, clickCount: Int = 1) {
        self.action = action
        self.button = button
        self.position = position
        self.shift = shift
        self.alt = alt
        self.control = control
        self.clickCount = clickCount
    }

    /// Whether this is a press of the left button that completes a double click.
    public var isDoubleClick: Bool { action == .press && button == .left && clickCount >= 2 }

    /// This event with `position` moved by `-origin` (screen to panel coordinates).
    public func relative(to origin: CellPoint) -> MouseEvent {
        var event = self
        event.position = CellPoint(x: position.x - origin.x, y: position.y - origin.y)
        return event
    }

    /// Decodes a whole SGR report, `ESC [ < b ; x ; y` then `M` or `m`; nil
    /// when `report` is anything else.
    public static func decodeSGR(report: some StringProtocol) -> MouseEvent? {
        guard report.hasPrefix("\u{1B}[<") else { return nil }
        return decodeSGR(body: report.dropFirst(3))
    }

    /// Decodes what follows `ESC [ <`: `b;x;y` then `M` (press, motion) or
    /// `m` (release). Nil for anything malformed (never a crash: this is
    /// whatever bytes arrived).
    public static func decodeSGR(body: some StringProtocol) -> MouseEvent? {
        guard let final = body.last, final == "M" || final == "m" else { return nil }
        let fields = body.dropLast().split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3, fields.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(\.isASCII) }),
              let code = Int(fields[0]), let column = Int(fields[1]), let row = Int(fields[2]),
              column >= 1, row >= 1, code >= 0, code < 256
        else { return nil }
        let position = CellPoint(x: column - 1, y: row - 1)
        let low = code & 3
        let motion = code & 32 != 0
        var event = MouseEvent(action: .press, position: position,
                               shift: code & 4 != 0, alt: code & 8 != 0, control: code & 16 != 0)
        if code & 64 != 0, code & 128 == 0 {
            event.action = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
            return event
        }
        let button: Button? = code & 128 != 0
            ? (low == 0 ? .back : low == 1 ? .forward : nil)
            : (low == 3 ? nil : Button(rawValue: low))
        event.button = button
        if final == "m" {
            event.action = .release
        } else if motion {
            event.action = button == nil ? .move : .drag
        } else {
            guard button != nil else { return nil }
            event.action = .press
        }
        return event
    }
}

/// Counts presses into clicks: a press of the same button on the same cell
/// within `interval` of the previous one adds one to its `clickCount`.
public struct MouseClickCounter: Sendable {
    /// The most time between two presses of one click series.
    public var interval: Duration
    private var last: (button: MouseEvent.Button, position: CellPoint, time: ContinuousClock.Instant, count: Int)?

    /// A counter for presses at most `interval` apart.
    public init(interval: Duration = .milliseconds(400)) { self.interval = interval }

    /// `event` with its click count set, as of `now`.
    public mutating func count(_ event: MouseEvent, at now: ContinuousClock.Instant = .now) -> MouseEvent {
        guard event.action == .press, let button = event.button else { return event }
        var event = event
        if let last, last.button == button, last.position == event.position, now - last.time <= interval {
            event.clickCount = last.count + 1
        } else {
            event.clickCount = 1
        }
        last = (button, event.position, now, event.clickCount)
        return event
    }
}

/// Turning the terminal's mouse reporting on and off, and reading a report
/// that follows `ESC [ <` from curses' input.
enum MouseReporting {
    static let disableSequence = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"

    /// Teaches curses `ESC [ <` as KEY_MOUSE where the terminfo entry does not
    /// (xterm's does), so a report's prefix always arrives as one key.
    static func definePrefix() {
        if key_defined("\u{1B}[<") == 0 { define_key("\u{1B}[<", KEY_MOUSE) }
    }

    /// Reads the rest of a report (`b;x;y` and `M`/`m`) with `next`, which
    /// returns the next character waiting or nil. Stops at 20 characters.
    static func readBody(next: () -> (code: UInt32, isFunctionKey: Bool)?) -> MouseEvent? {
        var body = ""
        while body.count < 20, let (code, isFunctionKey) = next() {
            guard !isFunctionKey, let scalar = Unicode.Scalar(code) else { return nil }
            body.unicodeScalars.append(scalar)
            if scalar == "M" || scalar == "m" { return MouseEvent.decodeSGR(body: body) }
            guard scalar == ";" || ("0"..."9").contains(scalar) else { return nil }
        }
        return nil
    }
}

extension TerminalScreen {
    /// Reads the report after a KEY_MOUSE prefix: the mouse key, counted
    /// into clicks, or nil when what followed was not a report.
    func readMouseReport() -> TerminalKey? {
        let event = MouseReporting.readBody {
            var code: UInt32 = 0
            let status = cn_get_wch(cn_stdscr(), &code)
            return status == ERR ? nil : (code, status == KEY_CODE_YES)
        }
        guard let event else { return nil }
        return .mouse(clickCounter.count(event))
    }
}

extension TerminalScreen {
    func applyMouseReporting() {
        guard !isEnded else { return }
        setTerminalMouseReporting(mouseReporting)
    }

    /// Writes the mode switch to the real terminal (nothing for a headless
    /// screen) and tells the shim, whose restore path turns it off again.
    func setTerminalMouseReporting(_ on: Bool) {
        guard !isHeadless else { return }
        cn_set_mouse_reporting(on ? 1 : 0)
    }
}
