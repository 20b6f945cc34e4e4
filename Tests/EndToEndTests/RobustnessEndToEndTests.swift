import Foundation
import Testing

/// Hostile environments and input through the real binary in a real
/// terminal (issue 8): each must end in a clear message or a clean in-app
/// error, never a crash, a hang or a garbled screen, and the terminal is
/// restored afterwards. One serialized suite, its tests spread over files
/// by topic.
@Suite(.serialized)
struct RobustnessEndToEndTests {
    /// From the sign-in screen, creates `email` through the sign-up form.
    func signUp(_ app: AppSession, email: String, password: String, header: String = " catalog › Create an account")
        throws
    {
        try app.press("Tab", "Tab", "Tab", "Enter")
        try app.waitForHeader(header)
        try app.type(email)
        try app.press("Tab")
        try app.type(password)
        try app.press("Tab")
        try app.type(password)
        try app.press("Enter")
    }

    /// A file in a fresh directory holding `contents`.
    static func file(_ name: String, _ contents: String) throws -> String {
        let path = AppSession.makeDataDirectory() + "/" + name
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

// MARK: - LANG=C

extension RobustnessEndToEndTests {
    /// Rows that contain anything but printable ASCII.
    private static func nonASCII(_ screen: [String]) -> [String] {
        screen.filter { !$0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F } }
    }

    /// The tmux server runs in C.UTF-8 (it would show any UTF-8 the app
    /// sent); the app runs with a locale that is not UTF-8 and must draw
    /// printable ASCII only: box lines, the cut mark, the breadcrumb, the
    /// password mask, the favourite star, key names and the data itself.
    @Test func aLocaleThatIsNotUTF8GetsASCIIOnly() throws {
        let title = "Café ★ 漢字 📱 tab\\there \\u001b[2J and a title far too long for the eighty columns of this window"
        let catalog = try Self.file("odd.json", #"[{"name": "\#(title)", "announced": "2020-01-02"}, {"name": "Plain"}]"#)
        let app = try AppSession()
        var screens: [[String]] = []
        func seen(_ screen: [String]) -> [String] {
            screens.append(screen)
            return screen
        }

        try app.launch("--catalog \(catalog)", environment: "LC_ALL= LC_CTYPE= LANG=C", checkingModes: true)
        _ = seen(try app.waitForHeader(" catalog > Sign in"))
        try app.press("Tab", "Tab", "Tab", "Enter")
        _ = seen(try app.waitForHeader(" catalog > Create an account"))
        try app.type("ascii@example.com")
        try app.press("Tab")
        try app.type("longpassword")
        var screen = seen(try app.waitFor(text: "Password  ************"))
        try app.press("Tab")
        try app.type("longpassword")
        try app.press("Enter")
        screen = seen(try app.waitFor(text: "2 items - \(catalog)"))
        #expect(screen[0] == " catalog > Home")

        try app.press("Enter")
        screen = seen(try app.waitFor { $0.first == " catalog > Home > List" && $0.has("Plain") })
        // Accents dropped, wide characters and emoji as ?, controls in caret
        // notation, and the cut marked with ~ before the year.
        #expect(screen[2].hasPrefix("Cafe * ?? ? tab^Ihere ^[[2J and a title far too long"))
        #expect(screen[2].hasSuffix("~  2020"))
        #expect(screen[2].count == 80)
        #expect(screen[23] == "Enter/Right/l open  / filter  Esc back  ? help  q quit")
        let attributed = try app.terminal.screenWithAttributes()
        #expect(attributed.first { $0.contains("Cafe") }.map(AppFlowEndToEndTests.isReverse) == true)

        try app.press("?")
        screen = seen(try app.waitFor(text: "Up/k"))
        #expect(screen.has("+-"))
        try app.press("Escape")
        try app.waitFor { !$0.has("Up/k") }

        try app.press("Enter")
        screen = seen(try app.waitFor(text: "- Not in your favourites (f to add)"))
        #expect(screen[0].hasPrefix(" ~"))
        #expect(screen[0].hasSuffix("eighty columns of this window"))
        try app.press("f")
        screen = seen(try app.waitFor(text: "* In your favourites (f to remove)"))
        try app.quit()

        // LC_ALL wins over a UTF-8 LANG; a catalogue that cannot be read
        // shows its alert in ASCII boxes.
        try app.launch("--guest --catalog \(catalog).missing", environment: "LANG=C.UTF-8 LC_ALL=C", checkingModes: true)
        try app.waitFor(text: "could not be loaded")
        try app.press("Enter")
        screen = seen(try app.waitFor(text: "[ Retry ]  [ Cancel ]"))
        #expect(screen.has("+- Could not load the catalogue "))
        #expect(screen.contains { $0.hasPrefix("|") || $0.contains(" |") })
        try app.press("Escape")
        try app.waitFor { !$0.has("[ Retry ]") }
        try app.quit()

        for screen in screens {
            #expect(Self.nonASCII(screen).isEmpty, "not ASCII:\n\(screen.joined(separator: "\n"))")
        }
    }
}
