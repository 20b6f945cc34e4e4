#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import CShojiCurses

/// Chooses a UTF-8 locale so wide characters lay out correctly.
@MainActor
enum TerminalLocale {
    /// Uses the user's locale when it is UTF-8. When it is not, there are two
    /// cases. The user asked for a UTF-8 locale this machine lacks (say
    /// `en_US.UTF-8` where only `C.UTF-8` exists), or for none at all: the
    /// terminal most likely speaks UTF-8, so `C.UTF-8` is used. The user chose
    /// a locale that is not UTF-8 (`LANG=C`, `POSIX`, `en_US.ISO-8859-1`): the
    /// terminal may not decode UTF-8, so text is drawn as ASCII only (see
    /// `DisplayText.asciiOnly`). `honouringUserChoice` false (headless screens
    /// for tests) always takes `C.UTF-8` when it exists. Returns whether UTF-8 is on.
    @discardableResult
    static func adoptUTF8(environment: [String: String] = ProcessInfo.processInfo.environment,
                          honouringUserChoice: Bool = true) -> Bool
    {
        setlocale(LC_ALL, "")
        if isUTF8() { return enable(true) }
        if honouringUserChoice, choosesNonUTF8(environment) {
            // Keep the user's locale (messages, collation) but draw ASCII.
            return enable(false)
        }
        if setlocale(LC_CTYPE, "C.UTF-8") != nil, isUTF8() { return enable(true) }
        return enable(false)
    }

    /// Whether the environment names a character set for the terminal and it
    /// is not UTF-8: the first of LC_ALL, LC_CTYPE, LANG that is set and not
    /// empty, as setlocale(3) reads them.
    nonisolated static func choosesNonUTF8(_ environment: [String: String]) -> Bool {
        let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let name else { return false }
        let normalised = name.lowercased().filter { $0 != "-" }
        return !normalised.contains("utf8")
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
