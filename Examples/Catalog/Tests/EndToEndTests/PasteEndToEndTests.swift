import Foundation
import ShojiEndToEnd
import Testing

/// A 300 KiB paste into the list's filter through a real terminal (tmux's
/// `paste-buffer -p` sends it in bracketed-paste markers, as the catalog
/// asks for them): it arrives as one event, the filter keeps its 256
/// characters and says so, and a key typed right after the paste is acted
/// on promptly. "Promptly" is a generous 5 s on a busy machine: before the
/// paste cost time linear in its length, the first draw after it took
/// minutes in a debug build. Speed itself is measured by `make bench`
/// (Benchmarks/paste.py), not here.
@Suite(.serialized)
struct PasteEndToEndTests {
    /// 300 KiB: 6,400 lines of 48 bytes.
    static let paste = String(repeating: "zebra crossing with a long line of pasted text.\n", count: 6_400)

    @Test func aLargePasteIntoTheFilterIsCutAndTheNextKeyIsActedOn() throws {
        #expect(Self.paste.utf8.count == 300 * 1_024)
        let app = try AppSession()
        try app.launch("--guest")
        try app.openList()
        try app.press("/")
        try app.waitFor(text: "51 of 51")
        try app.terminal.paste(Self.paste)
        var screen = try app.waitFor(timeout: 5) { $0.count > 22 && $0[22].hasSuffix("pasted text cut to 256 characters") }
        #expect(screen[22].hasPrefix("/"), "the filter is still open: no pasted character ran as a key")
        #expect(screen.has("No results for 'zebra crossing with a long line of pasted text. zebra"),
                "newlines became spaces")
        // The key right after: Backspace deletes the query's last character,
        // and the count comes back in place of the notice.
        try app.press("BSpace")
        screen = try app.waitFor(timeout: 5) { $0.count > 22 && $0[22].hasSuffix("0 of 51") }
        // Esc typed right behind a second paste closes the filter: every row is back.
        try app.press("Escape")
        try app.waitFor(timeout: 5) { !$0.has(" of 51") && $0.has("iPhone 3GS") }
        try app.press("/")
        try app.terminal.paste(Self.paste)
        try app.press("Escape")
        screen = try app.waitFor(timeout: 5) { !$0.has(" of 51") && !$0.has("pasted text") && $0.has("iPhone 3GS") }
        #expect(screen[0] == " catalog › Home › List")
        try app.quit()
    }
}
