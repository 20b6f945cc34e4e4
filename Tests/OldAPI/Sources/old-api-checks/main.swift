// What code written before 0.1.0 relies on, run without a terminal: each
// check prints its name and "ok", or what happened instead; the program
// exits 1 when one fails (`make old-api-check` runs it).
import Foundation
import ShojiAppKit
import ShojiTesting

nonisolated(unsafe) var failures = 0

func check(_ name: String, _ condition: Bool, _ detail: @autoclosure () -> String = "") {
    print("\(condition ? "ok  " : "FAIL") \(name)\(condition ? "" : ": " + detail())")
    if !condition { failures += 1 }
}

/// A presenter with only the highlight signature of before 0.1.0.
@MainActor
final class OldRows: ListScreenRows {
    var highlighted: [Int] = []
    var rowCount: Int { 3 }
    func row(at index: Int) -> ListRow { ListRow(title: "row \(index)") }
    func didChoose(index: Int) {}
    func didHighlight(index: Int) { highlighted.append(index) }
}

MainActor.assumeIsolated {
    // didHighlight(index: Int): still called, with every highlighted row.
    let rows = OldRows()
    let view = ListScreenView(title: "Rows", rows: rows)
    view.list.selectedIndex = 2
    check("didHighlight(index: Int) hears the list's highlight", rows.highlighted.last == 2, "\(rows.highlighted)")
    (rows as any ListScreenRows).didHighlight(index: nil as Int?)
    check("didHighlight(index: Int) is not called for nil", rows.highlighted.last == 2, "\(rows.highlighted)")

    // ListScreenView.selectedIndex: the list's selection.
    check("ListScreenView.selectedIndex", view.selectedIndex == 2, "\(String(describing: view.selectedIndex))")

    // SplitContainer.onNeedsDetail: asked when the empty detail column shows.
    let split = SplitContainer(minimumSideBySideWidth: 100)
    var asked = 0
    split.onNeedsDetail = { asked += 1 }
    split.layout(width: 120)
    check("SplitContainer.onNeedsDetail", asked == 1, "asked \(asked) times")

    // The launch settings under their old names are the new ones.
    let parsed: ShojiOptions
    do throws(LaunchError) { parsed = try ShojiApp.parseOptions([], name: "checks") } catch { error.exit(program: "checks") }
    var options: LaunchOptions = parsed.launchOptions
    options.restore = true
    let app = ShojiApp(name: "checks", options: options)
    check("ShojiApp(name:options:) and .options", app.options.restore && app.configuration.restore)
    let screen = TerminalScreen.Options(minimumSize: CellSize(width: 50, height: 20))
    check("TerminalScreen.Options", screen.minimumSize.width == 50)
    do {
        try TerminalScreen.verify(options: screen, environment: [:])
        check("TerminalScreen.verify(options:) refuses no TERM", false, "it accepted")
    } catch {
        check("TerminalScreen.verify(options:) refuses no TERM", true)
    }

    // NavigationHost.splitBindings: the key chain's focus keys, now focusChainBindings.
    let headless = TerminalScreen.headless(size: CellSize(width: 40, height: 10))
    let host = NavigationHost(screen: headless, router: StackRouter())
    check("NavigationHost.splitBindings", host.splitBindings.map(\.label) == host.focusChainBindings.map(\.label))
    headless.end()

    // Moved, still reached through the same imports.
    var random = SplitMix64(seed: 1)
    _ = random.next()
    check("ControlCharacters from ShojiAppKit", ControlCharacters.escaped("a\u{1B}") != "a\u{1B}")
    check("WorkProgress(_:completed:total:)", WorkProgress("Reading", completed: 1, total: 4).percent == 25)
}

exit(failures == 0 ? 0 : 1)
