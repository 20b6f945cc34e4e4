import CShojiCurses

/// Escape sequences that terminals send outside keypad-transmit mode, or that
/// their terminfo entry forgets, taught to ncurses so they decode as keys
/// instead of arriving as Esc followed by letters.
enum ExtraKeySequences {
    static func define() {
        let sequences: [(String, Int32)] = [
            ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
            ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
            ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END), ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END),
            ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),
            ("\u{1B}[2~", KEY_IC), ("\u{1B}[3~", KEY_DC), ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE),
            ("\u{1B}[Z", KEY_BTAB),
        ]
        for (sequence, key) in sequences where key_defined(sequence) == 0 {
            define_key(sequence, key)
        }
    }
}
