import ShojiNavigation

/// A screen that does nothing, so the router's own work is what is timed.
@MainActor
private final class BlankScreen: Presentable {}

extension MicroBenchmark {
    /// The stack model alone: a push and a pop over a root, with every
    /// lifecycle event delivered and no host.
    static let routerPushPop = MicroBenchmark(
        name: "router.push-pop",
        what: "StackRouter: push then pop over a root (lifecycle events, no host); per pair"
    ) { sampler in
        let router = StackRouter()
        router.setRoot(BlankScreen())
        let screens = (0..<100).map { _ in BlankScreen() }
        while !sampler.isDone {
            sampler.time(operations: screens.count) {
                for screen in screens {
                    router.push(screen)
                    router.pop()
                }
            }
        }
    }

    /// The same through the whole app: Enter on the list (the coordinator
    /// builds the detail module, the host gives it a panel, it is drawn) and
    /// Esc back (popped, released, the list drawn again).
    static let appDetailAndBack = MicroBenchmark(
        name: "app.detail-and-back",
        what: "App, 80x24, 1,000 rows: Enter into detail + Esc back, each rendered; per pair"
    ) { sampler in
        let app = HeadlessApp(catalog: .generated(count: 1_000))
        defer { app.end() }
        while !sampler.isDone {
            sampler.time {
                app.press(.enter)
                app.press(.escape)
            }
        }
    }
}
