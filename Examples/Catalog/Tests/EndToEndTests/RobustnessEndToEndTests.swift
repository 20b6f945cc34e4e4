import Foundation
import ShojiEndToEnd
import Testing

/// Hostile environments and input through the real binary in a real
/// terminal (issue 8): each must end in a clear message or a clean in-app
/// error, never a crash, a hang or a garbled screen, and the terminal is
/// restored afterwards. One serialized suite, its tests spread over files
/// by topic.
@Suite(.serialized)
struct RobustnessEndToEndTests {
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
        #expect(screen[23] == "Enter/Right/l open  / filter  Tab/Shift-Tab detail  Esc back  ? help  q quit")
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

// MARK: - Hostile catalogue text and sizes

extension RobustnessEndToEndTests {
    /// The resident memory of `pid` in MiB (0 when it cannot be read).
    static func residentMiB(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }

    /// The alert's text with its box lines and wrapping taken out.
    static func alertText(_ screen: [String]) -> String {
        screen.filter { $0.contains("│") }
            .map { $0.replacingOccurrences(of: "\\s*│\\s*", with: " ", options: .regularExpression) }
            .joined().replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
    }

    /// Escape sequences (a window title, clear screen, colours, a full
    /// reset, a clipboard write), other C0 controls, DEL and C1 controls in
    /// the data are drawn as pictures: the terminal never sees them.
    @Test func escapeSequencesAndControlsInTheDataAreShownAsPictures() throws {
        let name = #"Evil \u001b]0;pwned\u0007 title \u001b[2J\u001b[31mred\u001b[0m"#
        let chip = #"C0 \u0001\u0002\b\u000b\f\r\n DEL \u007f C1 \u0085\u009b\u0090 end"#
        let note = #"reset \u001bc clip \u001b]52;c;cHduZWQ=\u0007 bell \u0007 done"#
        let catalog = try Self.file("evil.json", #"[{"name": "\#(name)", "chip": "\#(chip)", "note": "\#(note)"}, {"name": "Plain"}]"#)
        let app = try AppSession()
        let title = try app.terminal.paneValue("#{pane_title}")
        try app.launch("--guest --catalog \(catalog)", checkingModes: true)
        try app.waitFor(text: "2 items")
        try app.press("Enter")
        let shown = "Evil ␛]0;pwned␇ title ␛[2J␛[31mred␛[0m"
        var screen = try app.waitFor { $0.first == " catalog › Home › List" && $0.has("Plain") }
        #expect(screen[1] == AppFlowEndToEndTests.tabBar)
        #expect(screen[2] == shown)
        #expect(screen[3] == "Plain")
        // No colour from the data: the row is drawn in the selection's style only.
        let row = try #require(try app.terminal.screenWithAttributes().first { $0.contains("Evil") })
        #expect(!row.contains(#/\e\[(?:[0-9;]*;)?31(?:;[0-9;]*)?m/#), "red from the data: \(row.debugDescription)")
        #expect(try app.terminal.paneValue("#{pane_title}") == title)

        try app.press("Enter")
        screen = try app.waitFor { $0.first == " catalog › Home › List › \(shown)" && $0.has("bell") }
        #expect(screen[2] == shown)
        #expect(screen.contains("chip  C0 ␁␂␈␋␌␍␊ DEL ␡ C1 ��� end"))
        #expect(screen.contains("note  reset ␛c clip ␛]52;c;cHduZWQ=␇ bell ␇ done"))
        #expect(screen[1] == AppFlowEndToEndTests.tabBar)
        #expect(try app.terminal.paneValue("#{alternate_on}") == "1")
        #expect(try app.terminal.paneValue("#{pane_title}") == title)
        try app.quit()
        #expect(try app.terminal.paneValue("#{pane_title}") == title)
    }

    /// A title and a field of 10 MB each: the list row is cut, the detail
    /// wraps what it shows and says the rest was cut; every screen comes up
    /// in a moment and the memory stays modest, where laying out the whole
    /// text took seconds to minutes and hundreds of megabytes
    /// (Benchmarks/HISTORY.md, "`RobustnessEndToEndTests`").
    @Test func tenMegabyteStringsAreCutAndWrappedQuickly() throws {
        let words = String(repeating: "word ", count: 2_000_000)
        let note = String(repeating: "x", count: 10_000_000)
        let catalog = try Self.file("big.json", #"[{"name": "Big \#(words)", "announced": "2021-03-04", "note": "\#(note)"}, {"name": "Plain"}]"#)
        let app = try AppSession()
        try app.launch("--guest --catalog \(catalog)", checkingModes: true)
        try app.waitFor(text: "2 items", timeout: 30)  // parsing 20 MB takes a few seconds in a debug build
        let pid = try #require(try app.terminal.foregroundPid())

        // Memory is the sure sign (time depends on the machine's load): the
        // whole string laid out once costs hundreds of MB.
        var started = Date()
        try app.press("Enter")
        var screen = try app.waitFor(timeout: 15) { $0.first == " catalog › Home › List" && $0.has("Plain") }
        print("10 MB strings: list in \(Date().timeIntervalSince(started)) s, \(Self.residentMiB(pid)) MiB")
        #expect(screen[2].hasPrefix("Big word word word"))
        #expect(screen[2].hasSuffix("…  2021"))
        #expect(screen[2].count == 80)
        #expect(Self.residentMiB(pid) < 250)

        started = Date()
        try app.press("Enter")
        screen = try app.waitFor(timeout: 15) { $0.first?.hasSuffix("(cut: 10,000,004 bytes in all)") == true }
        print("10 MB strings: detail in \(Date().timeIntervalSince(started)) s, \(Self.residentMiB(pid)) MiB")
        #expect(screen[0].hasPrefix(" …"))
        #expect(screen[2].hasPrefix("Big word word word"))
        #expect(screen.allSatisfy { $0.count <= 80 })
        try app.press("G")
        screen = try app.waitFor(timeout: 10) {
            $0.joined(separator: " ").replacingOccurrences(of: " +", with: " ", options: .regularExpression)
                .contains("(cut: 10,000,000 bytes in all)")
        }
        #expect(screen.has("xxxxxxxxxx"))
        #expect(Self.residentMiB(pid) < 250)
        try app.press("Escape")
        try app.waitForHeader(" catalog › Home › List")
        try app.quit()
    }

    /// A 200 MiB file is refused from its size before a byte is read: the
    /// alert comes at once and the memory stays small.
    @Test func a200MiBFileIsRefusedAtOnceWithoutBeingRead() throws {
        let path = AppSession.makeDataDirectory() + "/huge.json"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 200 * 1024 * 1024)  // sparse: nothing written
        try handle.close()
        let app = try AppSession()
        let started = Date()
        try app.launch("--guest --catalog \(path)", checkingModes: true)
        try app.waitFor(text: "could not be loaded")
        #expect(Date().timeIntervalSince(started) < 10)
        let pid = try #require(try app.terminal.foregroundPid())
        try app.press("Enter")
        let screen = try app.waitFor(text: "[ Retry ]  [ Cancel ]")
        #expect(Self.alertText(screen).contains("huge.json is 200 MiB; catalogue files over 64 MiB are refused"))
        #expect(Self.residentMiB(pid) < 100)
        try app.press("Escape")
        try app.waitFor { !$0.has("[ Retry ]") }
        try app.quit()
    }
}

// MARK: - A catalogue server that stalls

extension RobustnessEndToEndTests {
    /// Accepts every connection, sends the headers and one byte of a body
    /// it promised 100 bytes of, then holds the connection without a word.
    static let stallingServer = """
        import socket, sys
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", int(sys.argv[1])))
        listener.listen(8)
        held = []
        while True:
            connection, _ = listener.accept()
            connection.recv(65536)
            connection.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\nContent-Length: 100\\r\\n\\r\\n[")
            held.append(connection)
        """

    /// The download gives up at its deadline (2 s here, 10 s normally) with
    /// an alert that says so; Retry tries again and gives up again; the app
    /// never hangs and quits cleanly.
    @Test func aStallingServerEndsInTheAlertWithRetryAtTheDeadline() throws {
        let port = try HTTPServer.freePort()
        let python = try Subprocess.run("/usr/bin/env", ["python3", "-c", "import sys; print(sys.executable)"])
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try BackgroundProcess(python, ["-c", Self.stallingServer, "\(port)"])
        defer { server.stop() }
        let deadline = Date().addingTimeInterval(10)
        while !HTTPServer.accepts(port: port), Date() < deadline { usleep(50_000) }
        let url = "http://127.0.0.1:\(port)/catalog.json"

        let app = try AppSession()
        try app.launch("--guest --catalog \(url) --download-timeout 2", checkingModes: true)
        try app.waitFor(text: "could not be loaded", timeout: 15)
        try app.press("Enter")
        var screen = try app.waitFor(text: "[ Retry ]  [ Cancel ]", timeout: 15)
        #expect(screen[0] == " catalog › Home › List")
        #expect(Self.alertText(screen).contains("\(url): no complete answer within 2 s (timed out)"))

        let started = Date()
        try app.press("Enter")  // Retry
        // The spinner, or once the server answered the download's progress.
        try app.waitFor(timeout: 5) { $0.contains { $0.contains("Loading") || $0.contains("Downloading") } }
        screen = try app.waitFor(text: "[ Retry ]  [ Cancel ]", timeout: 15)
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed > 1.5 && elapsed < 12, "Retry ended after \(elapsed) s")
        #expect(Self.alertText(screen).contains("no complete answer within 2 s"))
        try app.press("Right", "Enter")  // Cancel
        screen = try app.waitFor { !$0.has("[ Retry ]") }
        #expect(screen.has("The catalogue could not be loaded."))
        try app.quit()
    }
}

// MARK: - Nothing lost: kill -9 and a full disk

extension RobustnessEndToEndTests {
    /// What the app's database holds, read by python3's sqlite3 module (the
    /// tests do not link SQLite).
    struct StoredData: Decodable {
        var integrity: String
        var accounts: [String]
        var favourites: [String]
    }

    static func stored(in dataDirectory: String) throws -> StoredData {
        let script = """
            import json, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(json.dumps({
                "integrity": "; ".join(row[0] for row in db.execute("PRAGMA integrity_check")),
                "accounts": [row[0] for row in db.execute("SELECT email FROM account ORDER BY id")],
                "favourites": [row[0] for row in db.execute(
                    "SELECT itemID FROM favourite ORDER BY accountID, position")],
            }))
            """
        let result = try Subprocess.run("/usr/bin/env", ["python3", "-c", script, dataDirectory + "/catalog.sqlite"])
        guard result.status == 0 else { throw POSIXError(.EIO) }
        return try JSONDecoder().decode(StoredData.self, from: Data(result.standardOutput.utf8))
    }

    /// The embedded catalogue's ids and titles, in list order.
    static func embeddedItems() throws -> [(id: String, title: String)] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CatalogModel/Resources/iphones.json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        return items.compactMap { item in
            guard let id = item["id"] as? String, let name = item["name"] as? String else { return nil }
            return (id, name)
        }
    }

    /// After a kill -9 the terminal is still in the app's modes: give the
    /// shell back its line discipline and the main screen.
    private func recoverTerminal(_ app: AppSession) throws {
        // Ctrl-C first: the tty driver drops the keys the app never read.
        try app.terminal.press("C-c")
        usleep(100_000)
        try app.terminal.type("stty sane; printf '\\033[?1049l\\033[?25h'; clear")
        try app.terminal.press("C-j")
        try app.terminal.waitFor { $0.first == "$" }
    }

    /// Sign up, then toggle favourites as fast as keys arrive (three passes
    /// over 30 items: add, remove, add) and SIGKILL the app in the middle:
    /// on restart the database opens, passes PRAGMA integrity_check, keeps
    /// the account, and its favourites are exactly those of the first n
    /// toggles for some n, in the order they were added: no torn or
    /// half-applied write.
    @Test func killedWhileSavingFavouritesLosesNothingItCommitted() throws {
        let items = try Self.embeddedItems()
        let app = try AppSession()
        try app.launch()
        try app.waitForHeader(" catalog › Sign in")
        try app.signUp(email: "kill@example.com", password: "longpassword")
        try app.openList()
        let pid = try #require(try app.terminal.foregroundPid())

        let perPass = 30
        let pass = Array(repeating: ["Enter", "f", "Escape", "Down"], count: perPass).flatMap { $0 } + ["g"]
        try app.terminal.press(keys: pass + pass + pass)
        usleep(UInt32.random(in: 30_000...150_000))
        kill(pid, SIGKILL)
        // Killed: the terminal keeps the app's modes and screen (nothing can
        // restore them), so wait for the status and put the shell right.
        try app.terminal.waitFor { $0.contains { $0.contains("exit1=137") } }
        let journal = FileManager.default.fileExists(atPath: app.dataDirectory + "/catalog.sqlite-journal")
        try recoverTerminal(app)

        // The app itself opens the database first (rolling back a torn write).
        try app.launch(checkingModes: true)
        try app.waitFor(text: "51 items")
        try app.press("2")
        let favouritesScreen = try app.waitForHeader(" catalog › Favourites")
        try app.quit()

        let stored = try Self.stored(in: app.dataDirectory)
        // The favourites after each number of toggles.
        var states: [[String]] = [[]]
        for toggle in 0..<(3 * perPass) {
            let id = items[toggle % perPass].id
            var next = states.last!
            if let index = next.firstIndex(of: id) { next.remove(at: index) } else { next.append(id) }
            states.append(next)
        }
        let toggles = states.firstIndex(of: stored.favourites)
        print("kill -9 after \(toggles.map(String.init) ?? "?") of \(3 * perPass) toggles; hot journal left: \(journal)")
        #expect(stored.integrity == "ok")
        #expect(stored.accounts == ["kill@example.com"])
        #expect(toggles != nil, "favourites \(stored.favourites) are not the result of any number of toggles")
        if let first = stored.favourites.first, let title = items.first(where: { $0.id == first })?.title {
            #expect(favouritesScreen.count > 2 && favouritesScreen[2].hasPrefix(title + " "))
        }
    }

    /// A disk that takes no more bytes (a file size limit, so every write
    /// fails with EFBIG): saving a favourite, creating an account and saving
    /// the path fail with clear messages, the app runs on and quits cleanly,
    /// and what was saved before is intact. Before: SIGXFSZ killed the app
    /// at its first write past the limit.
    @Test func aFullDiskGivesClearErrorsAndKeepsWhatWasSaved() throws {
        let app = try AppSession()
        try app.launch()
        try app.waitForHeader(" catalog › Sign in")
        try app.signUp(email: "full@example.com", password: "longpassword")
        try app.openList()
        try app.press("Enter")
        try app.waitForHeader(" catalog › Home › List › iPhone")
        try app.press("f")
        try app.waitFor(text: "Added to Favourites")
        try app.quit()
        let before = try Self.stored(in: app.dataDirectory)
        #expect(before.favourites == ["iphone"])

        // Every file the app writes is already past the limit.
        try app.launch(environment: "prlimit --fsize=64", checkingModes: true)
        try app.openList()
        try app.press("Down", "Enter")
        try app.waitForHeader(" catalog › Home › List › iPhone 3G")
        try app.press("f")
        var screen = try app.waitFor(text: "Could not save the favourite: ")
        #expect(screen.has("☆ Not in your favourites (f to add)"))
        try app.press("Escape", "Escape", "2")
        screen = try app.waitForHeader(" catalog › Favourites")
        #expect(screen.count > 3 && screen[2].hasPrefix("iPhone ") && screen[3].isEmpty)

        // Sign out (removing the session file works on a full disk), then a
        // new account cannot be created, but the old one still signs in.
        try app.press("3")
        try app.waitFor(text: "[ Sign out ]")
        try app.press("Enter")
        try app.waitForHeader(" catalog › Sign in")
        try app.signUp(email: "new@example.com", password: "longpassword")
        screen = try app.waitFor(text: "Could not create the account: ")
        #expect(screen[0] == " catalog › Create an account")
        try app.press("Tab", "Tab", "Enter")  // from Repeat to "I have an account"
        try app.waitForHeader(" catalog › Sign in")
        try app.type("full@example.com")
        try app.press("Tab")
        try app.type("longpassword")
        try app.press("Enter")
        try app.waitFor(text: "51 items")
        try app.quit()

        let after = try Self.stored(in: app.dataDirectory)
        #expect(after.integrity == "ok")
        #expect(after.accounts == ["full@example.com"])
        #expect(after.favourites == ["iphone"])

        // With room again, everything works: the same favourites (the small
        // session file still fitted), and a new one saves.
        try app.launch(checkingModes: true)
        try app.openList()
        try app.press("Down", "Enter")
        try app.waitForHeader(" catalog › Home › List › iPhone 3G")
        try app.press("f")
        try app.waitFor(text: "Added to Favourites")
        try app.quit()
        #expect(try Self.stored(in: app.dataDirectory).favourites == ["iphone", "iphone-3g"])

        // A first start on a full disk: one clear line and status 1, before
        // the screen is touched.
        let fresh = AppSession.makeDataDirectory() + "/new"
        try app.terminal.run("clear; prlimit --fsize=64 \(CatalogBinary.path) --data-dir \(fresh); echo \"fresh=$?\"")
        screen = try app.terminal.waitFor { $0.contains { $0.hasPrefix("fresh=") } }
        #expect(screen.contains("fresh=1"))
        #expect(screen.joined().contains("catalog: Could not open the database \(fresh)/catalog.sqlite: "))
        #expect(try app.terminal.paneValue("#{alternate_on}") == "0")
    }
}
