import CatalogApp
import CatalogModel
import CatalogPresenters
import ShojiCurses

/// Moving through and drawing the list screen of the whole app.
extension MicroBenchmark {
    static let listDownInPage = MicroBenchmark(
        name: "list.down",
        what: "App, 80x24, 1,000,000 rows: Down inside the page + render"
    ) { sampler in
        let app = HeadlessApp(catalog: .generated(count: 1_000_000))
        defer { app.end() }
        var moves = 0
        while !sampler.isDone {
            if moves == 15 {  // back to the top before the page would scroll
                app.press(.home)
                moves = 0
            }
            sampler.time { app.press(.down) }
            moves += 1
        }
    }

    static let splitDown = down(at: CellSize(width: 200, height: 60), sideBySide: true)
    static let loneListDown = down(at: CellSize(width: 200, height: 60), sideBySide: false)

    /// Down inside the page at `size`, with the detail beside the list
    /// following the selection (built and drawn per Down) or the list alone.
    private static func down(at size: CellSize, sideBySide: Bool) -> MicroBenchmark {
        MicroBenchmark(
            name: sideBySide ? "split.down.\(size.width)x\(size.height)" : "list.down.\(size.width)x\(size.height)",
            what: "App, \(size.width)x\(size.height), 1,000 rows: Down inside the page + render, "
                + (sideBySide ? "the detail beside the list following it" : "the list alone (never side by side)")
        ) { sampler in
            let app = HeadlessApp(catalog: .generated(count: 1_000), size: size)
            defer { app.end() }
            if !sideBySide { app.harness.frame.host.split?.container.minimumSideBySideWidth = .max }
            var moves = 0
            while !sampler.isDone {
                if moves == 40 {  // back to the top before the page would scroll
                    app.press(.home)
                    moves = 0
                }
                sampler.time { app.press(.down) }
                moves += 1
            }
        }
    }

    static let listDownScrolling = MicroBenchmark(
        name: "list.down-scroll",
        what: "App, 80x24, 1,000,000 rows: Down at the bottom of the page (scrolls one row) + render"
    ) { sampler in
        let app = HeadlessApp(catalog: .generated(count: 1_000_000))
        defer { app.end() }
        app.press(.pageDown)
        while !sampler.isDone {
            sampler.time { app.press(.down) }
        }
    }

    static let listRedraw = redraw(CellSize(width: 80, height: 24))
    static let listRedrawLarge = redraw(CellSize(width: 200, height: 60))

    /// The whole list panel drawn again with nothing changed: the cost of
    /// the per-key redraw the host asks for, minus the key's own work.
    private static func redraw(_ size: CellSize) -> MicroBenchmark {
        MicroBenchmark(
            name: "list.redraw.\(size.width)x\(size.height)",
            what: "App, \(size.width)x\(size.height), 1,000,000 rows: the list panel drawn again (nothing changed) + render"
        ) { sampler in
            let app = HeadlessApp(catalog: .generated(count: 1_000_000), size: size)
            defer { app.end() }
            while !sampler.isDone {
                sampler.time {
                    app.invalidateFocusedView()
                    app.screen.render()
                }
            }
        }
    }
}
