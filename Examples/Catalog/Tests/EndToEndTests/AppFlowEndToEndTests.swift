import Foundation
import ShojiEndToEnd
import Testing

/// The reference app's flows driven through a real terminal: accounts and
/// the session, browsing and filtering, details and favourites, guests, deep
/// links and restore, catalogues over HTTP and broken ones, monochrome and
/// resizes. Each test has its own tmux server and data directory, and quits
/// the app and checks its exit status.
@Suite(.serialized)
struct AppFlowEndToEndTests {
    static let tabBar = " 1 Catalog   2 Favourites   3 Account"
    static let signInButtons = "          [ Sign in ]  [ Create an account ]  [ Continue as guest ]"
    static let signUpButtons = "          [ Create account ]  [ I have an account ]"
    static let listFooter = "Enter/→/l open  / filter  Tab/Shift-Tab detail  Esc back  ? help  q quit"

    /// A list row: the title on the left, the year right-aligned to `width`.
    static func row(_ title: String, _ year: String, width: Int = 80) -> String {
        title + String(repeating: " ", count: width - title.count - year.count) + year
    }

    // MARK: 1. Accounts and the session

    @Test func signUpSessionSignOutSignInAndFormMessages() throws {
        let app = try AppSession()
        try app.launch()
        var screen = try app.waitForHeader(" catalog › Sign in")
        #expect(screen[1] == "Email")
        #expect(screen[2] == "Password")
        #expect(screen[4] == Self.signInButtons)

        // Sign-up: Tab through Email, Password, Sign in to "Create an account".
        try app.press("Tab", "Tab", "Tab", "Enter")
        screen = try app.waitForHeader(" catalog › Create an account")
        #expect(Array(screen[1...5]) == ["Email", "Password", "Repeat", "", Self.signUpButtons])

        // A malformed email: the message goes under the field.
        try app.type("not-an-email")
        try app.press("Tab")
        try app.type("short")
        try app.press("Tab")
        try app.type("short")
        try app.press("Enter")
        screen = try app.waitFor(text: "Enter an email address like name@example.com")
        #expect(screen[0] == " catalog › Create an account")
        #expect(screen[1] == "Email     not-an-email")
        #expect(screen[2] == "          Enter an email address like name@example.com")
        #expect(screen[3] == "Password  •••••")

        // A good email, a short password.
        try app.press("Up", "Up")
        try app.erase()
        try app.type("me@example.com")
        try app.press("Enter")
        screen = try app.waitFor(text: "The password must have at least 8 characters")
        #expect(screen[1] == "Email     me@example.com")
        #expect(screen[2] == "Password  •••••")
        #expect(screen[3] == "          The password must have at least 8 characters")
        #expect(!screen.has("Enter an email address"))

        // Passwords that differ.
        try app.press("Down")
        try app.erase()
        try app.type("longpassword")
        try app.press("Down")
        try app.erase()
        try app.type("different1")
        try app.press("Enter")
        screen = try app.waitFor(text: "The two passwords differ")
        #expect(screen[2] == "Password  ••••••••••••")
        #expect(screen[3] == "Repeat    ••••••••••")
        #expect(screen[4] == "          The two passwords differ")
        #expect(!screen.has("at least 8 characters"))

        // Fixed: the account is created and the main flow starts on Home.
        try app.erase()
        try app.type("longpassword")
        try app.press("Enter")
        screen = try app.waitForHeader(" catalog › Home")
        #expect(screen[1] == Self.tabBar)
        try app.waitFor(text: "51 items · embedded iPhone catalogue")
        try app.quit()

        // The session skips the sign-in screen on the next start.
        try app.launch()
        screen = try app.waitForHeader(" catalog › Home")
        #expect(screen[1] == Self.tabBar)

        // Sign out from the Account tab.
        try app.press("3")
        screen = try app.waitFor(text: "Signed in as me@example.com")
        #expect(screen[0] == " catalog › Account")
        #expect(screen.has("[ Sign out ]"))
        try app.press("Enter")
        screen = try app.waitForHeader(" catalog › Sign in")
        #expect(screen[4] == Self.signInButtons)

        // A wrong password: one message, still on Sign in.
        try app.type("me@example.com")
        try app.press("Tab")
        try app.type("wrongpass1")
        try app.press("Enter")
        screen = try app.waitFor(text: "Wrong email or password")
        #expect(screen[0] == " catalog › Sign in")
        #expect(screen[6] == "          Wrong email or password")

        // The right one signs in.
        try app.erase()
        try app.type("longpassword")
        try app.press("Enter")
        screen = try app.waitForHeader(" catalog › Home")
        #expect(screen[1] == Self.tabBar)
        try app.quit()
    }

    // MARK: 2. Browse and filter

    @Test func browseAndFilterTheList() throws {
        let app = try AppSession()
        try app.launch("--guest")
        var screen = try app.openList()
        #expect(screen[1] == Self.tabBar)
        #expect(screen[2] == Self.row("iPhone", "2007"))
        #expect(screen[3] == Self.row("iPhone 3G", "2008"))
        #expect(screen[4] == Self.row("iPhone 3GS", "2009"))
        #expect(screen[23] == Self.listFooter)
        #expect(screen.contentRows().count == 21)
        #expect(screen.contentRows().allSatisfy { $0.hasPrefix("iPhone") })

        // `/` and a query: only the Pro Max rows, and the match count.
        try app.press("/")
        try app.type("pro max")
        screen = try app.waitFor(text: "7 of 51")
        let proMax = [11, 12, 13, 14, 15, 16, 17].map { Self.row("iPhone \($0) Pro Max", "\(2008 + $0)") }
        #expect(Array(screen[2..<9]) == proMax)
        #expect(screen[9..<22].allSatisfy { $0.isEmpty })
        #expect(screen[22].hasPrefix("/pro max "))
        #expect(screen[22].hasSuffix("7 of 51"))

        // `q` in the filter is text: no match, the app still runs.
        try app.type("q")
        screen = try app.waitFor(text: "0 of 51")
        #expect(screen[0] == " catalog › Home › List")
        #expect(screen[22].hasPrefix("/pro maxq "))
        #expect(!screen.has("Pro Max"))
        try app.press("BSpace")
        screen = try app.waitFor(text: "7 of 51")
        #expect(Array(screen[2..<9]) == proMax)

        // Esc clears and closes the filter: every row is back.
        try app.press("Escape")
        screen = try app.waitFor { !$0.has(" of 51") && $0.has("iPhone 11 Pro ") }
        #expect(screen[0] == " catalog › Home › List")
        #expect(screen[23] == Self.listFooter)
        #expect(screen.contentRows().count == 21)
        #expect(screen.contentRows().allSatisfy { !$0.isEmpty })
        #expect(screen.contains(Self.row("iPhone 11", "2019")))
        #expect(screen.contains(Self.row("iPhone 11 Pro", "2019")))
        #expect(screen.contains(Self.row("iPhone 11 Pro Max", "2019")))

        // The filter is closed, so `q` quits now.
        try app.quit()
    }

    // MARK: 3. Detail and favourites

    @Test func favouriteADetailAndFindItInTheFavouritesTab() throws {
        let app = try AppSession()
        // Signed out, the deep link waits for the account to exist.
        try app.launch("--open catalog/iphone-15-pro")
        try app.waitForHeader(" catalog › Sign in")
        try app.signUp(email: "fan@example.com", password: "longpassword")
        var screen = try app.waitForHeader(" catalog › Home › List › iPhone 15 Pro")
        #expect(screen[1] == Self.tabBar)
        #expect(screen[2] == "iPhone 15 Pro")
        #expect(screen.contains("Chip          A17 Pro"))
        #expect(screen.contains("☆ Not in your favourites (f to add)"))

        try app.press("f")
        screen = try app.waitFor(text: "★ In your favourites (f to remove)")
        #expect(!screen.has("☆ Not in your favourites"))

        try app.press("2")
        screen = try app.waitForHeader(" catalog › Favourites")
        #expect(screen[1] == Self.tabBar)
        #expect(screen[2] == Self.row("iPhone 15 Pro", "2023"))
        #expect(screen[3].isEmpty)

        // Back to the Catalog tab: its stack is as it was.
        try app.press("1")
        screen = try app.waitForHeader(" catalog › Home › List › iPhone 15 Pro")
        #expect(screen.contains("★ In your favourites (f to remove)"))

        try app.press("Escape")
        try app.waitForHeader(" catalog › Home › List")
        try app.press("Escape")
        screen = try app.waitForHeader(" catalog › Home")
        #expect(screen.last { !$0.isEmpty } == "Enter/→/l browse  ? help  q quit")

        // Esc at the root does nothing: still Home, still running.
        try app.press("Escape", "2")
        try app.waitForHeader(" catalog › Favourites")
        try app.press("1")
        screen = try app.waitForHeader(" catalog › Home")
        #expect(screen.has("51 items"))
        try app.quit()

        // The favourite is kept with the account.
        try app.launch()
        try app.waitForHeader(" catalog › Home")
        try app.press("2")
        screen = try app.waitForHeader(" catalog › Favourites")
        try app.waitFor { $0.count > 2 && $0[2] == Self.row("iPhone 15 Pro", "2023") }
        try app.quit()
    }

    // MARK: 4. Guest

    @Test func aGuestIsToldToSignInForFavourites() throws {
        let app = try AppSession()
        try app.launch("--guest")
        _ = try app.openList()
        try app.press("Down", "Down", "Enter")
        var screen = try app.waitForHeader(" catalog › Home › List › iPhone 3GS")
        let hint = "Sign in to keep favourites (you are browsing as a guest)."
        #expect(screen.contains(hint))

        // `f` changes nothing for a guest but the hint (checked below, once
        // the tab switches prove the key was handled).
        try app.press("f", "2")
        screen = try app.waitForHeader(" catalog › Favourites")
        try app.waitFor(text: "Sign in to keep favourites: press 3 for Account.")
        try app.press("1")
        screen = try app.waitForHeader(" catalog › Home › List › iPhone 3GS")
        #expect(screen.filter { $0 == hint }.count == 1)
        #expect(!screen.has("★"))

        try app.press("3")
        screen = try app.waitFor(text: "Browsing as a guest")
        #expect(screen[0] == " catalog › Account")
        #expect(screen.has("[ Sign in ]"))
        try app.quit()
    }

    // MARK: 5. Deep links and restore

    @Test func deepLinkThenBack() throws {
        let app = try AppSession()
        try app.launch("--guest --open catalog/iphone-15-pro")
        var screen = try app.waitForHeader(" catalog › Home › List › iPhone 15 Pro")
        #expect(screen[2] == "iPhone 15 Pro")
        try app.press("Escape")
        // The list scrolled to and selected the item the link opened.
        screen = try app.waitFor { $0.first == " catalog › Home › List" && $0.has("iPhone 15 Pro ") }
        let attributed = try app.terminal.screenWithAttributes()
        let selected = attributed.first { $0.contains("iPhone 15 Pro ") && !$0.contains("Max") }
        #expect(selected.map(Self.isReverse) == true)
        try app.press("Escape")
        screen = try app.waitForHeader(" catalog › Home")
        #expect(screen.has("51 items"))
        try app.quit()
    }

    @Test func anUnknownPathFailsWithTheValidForms() throws {
        let app = try AppSession()
        try app.launch("--guest --open nope")
        let screen = try app.expectExit(64)
        let text = screen.joinedText
        #expect(text.contains("cannot open 'nope'"))
        #expect(text.contains("valid forms: home, catalog, catalog/<id>, favourites, favourites/<id>, account, login, signup"))
    }

    @Test func aLinkToAnItemThatIsNotAFavouriteFailsLikeAnUnknownPath() throws {
        let app = try AppSession()
        try app.launch("--guest --open favourites/iphone")
        let screen = try app.expectExit(64)
        let text = screen.joinedText
        #expect(text.contains("cannot open 'favourites/iphone'"))
        #expect(text.contains("not one of your favourites"))
        #expect(text.contains("valid forms: home, catalog"))
    }

    @Test func restoreReopensTheListAtTheRowYouQuitOn() throws {
        let app = try AppSession()
        try app.launch("--guest")
        _ = try app.openList()
        try app.press("Down", "Down", "Down")
        try app.quit()

        try app.launch("--guest --restore")
        _ = try app.waitFor { $0.first == " catalog › Home › List" && $0.has("iPhone 4 ") }
        let attributed = try app.terminal.screenWithAttributes()
        let selected = attributed.first { $0.contains("iPhone 4 ") }
        #expect(selected.map(Self.isReverse) == true, "the restored list selects the row it was on")
        let first = attributed.first { $0.contains("iPhone ") && !$0.contains("iPhone 3") && !$0.contains("iPhone 4") }
        #expect(first.map(Self.isReverse) == false)
        try app.quit()
    }

    @Test func restoreReopensTheDetailYouQuitOn() throws {
        let app = try AppSession()
        try app.launch("--guest")
        _ = try app.openList()
        try app.press("Down", "Down", "Enter")
        try app.waitForHeader(" catalog › Home › List › iPhone 3GS")
        try app.quit()

        try app.launch("--guest --restore")
        var screen = try app.waitForHeader(" catalog › Home › List › iPhone 3GS")
        #expect(screen[2] == "iPhone 3GS")
        try app.press("Escape")
        screen = try app.waitForHeader(" catalog › Home › List")
        try app.quit()
    }

    // MARK: 6. A catalogue over HTTP

    @Test func aCatalogueOverHTTPAndRetryAfterAFailedDownload() throws {
        let directory = AppSession.makeDataDirectory()
        let json = #"[{"name": "Alpha", "announced": "2020-01-02", "chip": "X1"}, {"title": "Beta"}]"#
        try json.write(toFile: directory + "/file.json", atomically: true, encoding: .utf8)

        // Served: both titles, the year where there is a date.
        let server = try HTTPServer(directory: directory)
        defer { server.stop() }
        try server.start()
        let app = try AppSession()
        try app.launch("--guest --catalog \(server.url("file.json"))")
        var screen = try app.waitFor(text: "2 items · \(server.url("file.json"))")
        try app.press("Enter")
        screen = try app.waitFor { $0.first == " catalog › Home › List" && $0.has("Beta") }
        #expect(screen[2] == Self.row("Alpha", "2020"))
        #expect(screen[3] == "Beta")
        #expect(screen[4].isEmpty)
        try app.press("Enter")
        screen = try app.waitForHeader(" catalog › Home › List › Alpha")
        #expect(screen.contains("Chip       X1"))
        try app.quit()
        server.stop()

        // Nothing listening: the error alert over the list, Retry focused.
        let later = try HTTPServer(directory: directory)
        defer { later.stop() }
        try app.launch("--guest --catalog \(later.url("file.json"))")
        try app.waitFor(text: "could not be loaded")
        try app.press("Enter")
        screen = try app.waitFor(text: "[ Retry ]  [ Cancel ]")
        #expect(screen[0] == " catalog › Home › List")
        #expect(screen.has("┌─ Could not load the catalogue "))
        #expect(screen.joinedText.contains("connection refused"))
        let retry = try app.terminal.screenWithAttributes().first { $0.contains("[ Retry ]") }
        #expect(retry.map { Self.isReverse(before: "[ Retry ]", in: $0) } == true)

        // The server comes up; Retry loads the rows.
        try later.start()
        try app.press("Enter")
        screen = try app.waitFor { $0.first == " catalog › Home › List" && $0.has("Beta") }
        #expect(screen[2] == Self.row("Alpha", "2020"))
        #expect(!screen.has("Could not load"))
        try app.quit()
    }

    // MARK: 7. A malformed catalogue file

    @Test func aMalformedCatalogueFileShowsWhereItBreaks() throws {
        let directory = AppSession.makeDataDirectory()
        let path = directory + "/broken.json"
        try "[{\"name\": \"Alpha\",\n \"chip\": \"X".write(toFile: path, atomically: true, encoding: .utf8)
        let app = try AppSession()
        try app.launch("--guest --catalog \(path)")
        try app.waitFor(text: "could not be loaded")
        try app.press("Enter")
        var screen = try app.waitFor(text: "[ Retry ]  [ Cancel ]")
        let alert = screen.filter { $0.contains("│") }
            .map { $0.replacingOccurrences(of: "\\s*│\\s*", with: " ", options: .regularExpression) }
            .joined().replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
        #expect(alert.contains("broken.json"))
        #expect(alert.contains("line 2"))
        #expect(alert.contains("column"))

        // Cancel: Right to the button, Enter.
        try app.press("Right", "Enter")
        screen = try app.waitFor { !$0.has("[ Retry ]") }
        #expect(screen[0] == " catalog › Home › List")
        #expect(!screen.has("Loading…"))
        #expect(screen.has("The catalogue could not be loaded."))

        // Esc on the alert cancels too; back to Home, open again: the alert again.
        try app.press("Escape")
        try app.waitForHeader(" catalog › Home")
        try app.press("Enter")
        try app.waitFor(text: "[ Retry ]  [ Cancel ]")
        try app.press("Escape")
        screen = try app.waitFor { !$0.has("[ Retry ]") }
        #expect(screen[0] == " catalog › Home › List")
        try app.quit()
    }

    // MARK: 8. No colour

    @Test(arguments: [("--no-color", ""), ("", "NO_COLOR=1")])
    func monochromeStillShowsTheSelection(argument: String, environment: String) throws {
        let app = try AppSession()
        try app.launch("--guest \(argument)", environment: environment)
        _ = try app.openList()
        let screen = try app.terminal.screenWithAttributes()
        let first = try #require(screen.first { $0.contains("iPhone ") && $0.contains("2007") })
        let second = try #require(screen.first { $0.contains("iPhone 3G ") })
        #expect(Self.isReverse(first))
        #expect(!Self.isReverse(second))
        // No colour set anywhere (SGR 30-37, 40-47, 38;5, 48;5; 39 and 49 are defaults).
        let colour = try Regex(#"\e\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8])(?:;[0-9;]*)?m"#)
        #expect(!screen.joined().contains(colour))
        try app.quit()
    }

    /// Whether an SGR sequence with 7 (reverse) occurs in `row` (before
    /// `text`, when given).
    static func isReverse(before text: String? = nil, in row: String) -> Bool {
        let prefix = text.flatMap { row.range(of: $0).map { String(row[..<$0.lowerBound]) } } ?? row
        return prefix.contains(#/\e\[(?:[0-9;]*;)?7(?:;[0-9;]*)?m/#)
    }

    static func isReverse(_ row: String) -> Bool { isReverse(before: nil, in: row) }

    // MARK: 9. Resize

    @Test func theListFollowsResizes() throws {
        let app = try AppSession()
        try app.launch("--guest")
        _ = try app.openList()

        try app.terminal.resize(width: 50, height: 15)
        // Fifty columns keep the way out (back, help, quit) and drop the
        // least important keys where the `…` stands.
        var screen = try app.waitFor {
            $0.count >= 15 && $0[14] == "Enter/→/l open  …  Esc back  ? help  q quit" && $0[2].count == 50
        }
        #expect(screen[0] == " catalog › Home › List")
        #expect(screen[1] == Self.tabBar)
        #expect(screen[2] == Self.row("iPhone", "2007", width: 50))
        #expect(screen[13] == Self.row("iPhone 6s Plus", "2015", width: 50))

        try app.terminal.resize(width: 30, height: 8)
        screen = try app.waitFor(text: "terminal too small")
        #expect(screen.has("need 40x12"))
        #expect(screen.has("have 30x8"))

        try app.terminal.resize(width: 80, height: 24)
        screen = try app.waitFor { $0.count >= 24 && $0[23] == Self.listFooter && $0[2].count == 80 }
        #expect(screen[0] == " catalog › Home › List")
        #expect(screen[1] == Self.tabBar)
        #expect(screen[2] == Self.row("iPhone", "2007"))
        #expect(screen[22] == Self.row("iPhone XS Max", "2018"))
        #expect(!screen.has("too small"))
        try app.quit()
    }

    // MARK: 10. Wide terminals

    /// From 120 columns the list and the detail show side by side; a resize
    /// moves an open detail between its column and the stack; the path saved
    /// on quit reopens it in either mode.
    @Test func listAndDetailSideBySideAcrossResizesAndRestore() throws {
        let app = try AppSession(width: 160, height: 48)
        try app.launch("--guest")
        _ = try app.openList()
        let divider = 64  // two fifths of 160
        func pane(_ line: String) -> String { String(Array(line).dropFirst(divider + 1)) }
        var screen = try app.waitFor { pane($0[2]) == "iPhone" }
        #expect(Array(screen[2])[divider] == "│")
        #expect(screen[47].contains("Tab/Shift-Tab detail"))
        try app.press("Down", "Down")
        screen = try app.waitFor { pane($0[2]) == "iPhone 3GS" }
        #expect(screen[0] == " catalog › Home › List", "a preview is not where the user is")
        try app.press("Enter")
        screen = try app.waitForHeader(" catalog › Home › List › iPhone 3GS")
        #expect(screen[47].contains("Tab/Shift-Tab list"))

        try app.terminal.resize(width: 80, height: 24)
        screen = try app.waitFor { $0[2] == "iPhone 3GS" }
        #expect(screen[0] == " catalog › Home › List › iPhone 3GS")
        try app.terminal.resize(width: 160, height: 48)
        screen = try app.waitFor { pane($0[2]) == "iPhone 3GS" && $0[2].hasPrefix("iPhone ") }
        #expect(screen[0] == " catalog › Home › List › iPhone 3GS")
        try app.quit()

        try app.launch("--guest --restore")
        screen = try app.waitFor { $0.first == " catalog › Home › List › iPhone 3GS" && pane($0[2]) == "iPhone 3GS" }
        try app.press("Escape")
        screen = try app.waitForHeader(" catalog › Home › List")
        let selected = try app.terminal.screenWithAttributes().first { $0.contains("iPhone 3GS ") }
        #expect(selected.map(Self.isReverse) == true, "back lands on the restored item")
        try app.press("Enter")
        try app.waitForHeader(" catalog › Home › List › iPhone 3GS")
        try app.terminal.resize(width: 80, height: 24)
        try app.waitFor { $0[2] == "iPhone 3GS" }
        try app.press("Escape")
        screen = try app.waitFor { $0.first == " catalog › Home › List" && $0[2].hasPrefix("iPhone ") && !$0[2].contains("│") }
        try app.press("Escape")
        try app.waitForHeader(" catalog › Home")
        try app.quit()
    }
}
