import CShojiCurses

/// A key the user pressed, decoded from what `wget_wch` returned.
public enum TerminalKey: Hashable, Sendable {
    case up, down, left, right
    case enter, escape, backspace, delete, tab, backTab
    case pageUp, pageDown, home, end, insert
    /// Ctrl with Left or Right (xterm's `CSI 1;5D` / `CSI 1;5C`): word moves
    /// in a text area.
    case controlLeft, controlRight
    /// F1 to F12 (and beyond, where a terminal sends them).
    case function(Int)
    /// Ctrl with a letter, lowercased: Ctrl-U is `.control("u")`. Ctrl-I, Ctrl-J,
    /// Ctrl-M and Ctrl-H arrive as `.tab`, `.enter` and `.backspace`, because
    /// the terminal sends the same byte for both.
    case control(Character)
    /// A printable character, including any multi-byte Unicode.
    case character(Character)
    /// The terminal changed size (KEY_RESIZE).
    case resize
    /// A function key this decoder does not name.
    case unknown(Int)
    /// A mouse report (only while `TerminalScreen.mouseReporting` is on).
    case mouse(MouseEvent)
    /// Text the user pasted (bracketed paste), as one event: a text field
    /// inserts it; everywhere else it does nothing, so a paste is never a
    /// burst of commands. One event however many reads the paste spans;
    /// it keeps at most ``largestPaste`` bytes of the text (the rest of a
    /// larger paste is dropped as it arrives), with newlines as `\n` and
    /// tabs as `\t`; other control characters in it are dropped (of an
    /// escape sequence in it, its Esc: the rest stays text).
    case paste(String)

    /// The most a ``paste(_:)`` keeps, in UTF-8 bytes (1 MiB): the key
    /// decoder drops the rest of a larger paste while it arrives, so a paste
    /// costs memory and time bounded by this however long it is. Every text
    /// field keeps far less (its own limit) and says so when it cut a paste.
    public static let largestPaste = 1 << 20

    /// Decodes one result of `wget_wch`: `isFunctionKey` is true when it
    /// returned KEY_CODE_YES.
    public static func decode(_ code: UInt32, isFunctionKey: Bool) -> TerminalKey {
        isFunctionKey ? decodeFunctionKey(Int32(bitPattern: code)) : decodeCharacter(code)
    }

    private static func decodeFunctionKey(_ code: Int32) -> TerminalKey {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BTAB: return .backTab
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME, KEY_FIND, KEY_A1: return .home
        case KEY_END, KEY_SELECT, KEY_C1: return .end
        case KEY_A3: return .pageUp
        case KEY_C3: return .pageDown
        case KEY_RESIZE: return .resize
        case KEY_F0 + 1...KEY_F0 + 63: return .function(Int(code - KEY_F0))
        default: return namedExtendedKey(code) ?? .unknown(Int(code))
        }
    }

    /// A key ncurses decoded from a terminfo extended capability (xterm's
    /// `kLFT5` for Ctrl-Left): such keys get codes above KEY_MAX that differ
    /// between terminals, so they are known by their capability name.
    private static func namedExtendedKey(_ code: Int32) -> TerminalKey? {
        guard code > KEY_MAX, let name = keyname(code) else { return nil }
        switch String(cString: name) {
        case "kLFT5": return .controlLeft
        case "kRIT5": return .controlRight
        default: return nil
        }
    }

    private static func decodeCharacter(_ code: UInt32) -> TerminalKey {
        switch code {
        case 13, 10: return .enter
        case 27: return .escape
        case 127, 8: return .backspace
        case 9: return .tab
        case 0: return .control("@")
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(code) + 96)))
        // Ctrl-_ (what Ctrl-/ and Ctrl-7 send on most terminals): undo in a
        // text area. Ctrl-\\ is SIGQUIT; Ctrl-] and Ctrl-^ have no use yet.
        case 31: return .control("_")
        case 28...30: return .unknown(Int(code))
        default:
            guard let scalar = Unicode.Scalar(code) else { return .unknown(Int(code)) }
            return .character(Character(scalar))
        }
    }
}

extension TerminalKey: CustomStringConvertible {
    /// The name a footer or help screen shows for the key.
    public var description: String {
        switch self {
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .insert: return "Ins"
        case .controlLeft: return "Ctrl-←"
        case .controlRight: return "Ctrl-→"
        case .function(let n): return "F\(n)"
        case .control(let c): return "Ctrl-\(c.uppercased())"
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .resize: return "Resize"
        case .unknown(let code): return "TerminalKey(\(code))"
        case .mouse: return "Mouse"
        case .paste: return "Paste"
        }
    }
}
