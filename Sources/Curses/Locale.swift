import Foundation
import CNCurses

/// Chooses a UTF-8 locale so wide characters lay out correctly.
enum TerminalLocale {
    /// Uses the user's locale when it is UTF-8, else `C.UTF-8`; with no UTF-8
    /// locale at all, switches text drawing to ASCII. Returns whether UTF-8 is on.
    @discardableResult
    static func adoptUTF8() -> Bool {
        setlocale(LC_ALL, "")
        if isUTF8() { return enable(true) }
        if setlocale(LC_CTYPE, "C.UTF-8") != nil, isUTF8() { return enable(true) }
        return enable(false)
    }

    private static func isUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    private static func enable(_ utf8: Bool) -> Bool {
        DisplayText.asciiOnly = !utf8
        return utf8
    }
}
