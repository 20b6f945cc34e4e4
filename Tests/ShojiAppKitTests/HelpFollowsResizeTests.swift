import Testing
@testable import ShojiAppKit
import ShojiTesting

/// A screen with a key that acts only while its panel is wide.
@MainActor
private final class WidthScreen: PanelView {
    init() {
        super.init(title: "Wide")
        bind([.character("w")], "wide only", when: { [weak self] in (self?.panel?.frame.width ?? 0) >= 100 }) {}
        bind([.character("x")], "always") {}
    }
    override func draw(_ canvas: inout Canvas) { canvas.text("screen", at: .zero) }
}

/// A screen that learns only while drawing whether a key acts (as a page
/// learns whether it fits).
@MainActor
private final class DrawnHeightScreen: PanelView {
    private var drawnHeight = 0
    init() {
        super.init(title: "Tall")
        bind([.character("t")], "tall only", when: { [weak self] in (self?.drawnHeight ?? 0) >= 20 }) {}
    }
    override func draw(_ canvas: inout Canvas) {
        drawnHeight = canvas.size.height
        canvas.text("screen", at: .zero)
    }
}

extension AppKitSuite {
    /// The help overlay lists what acts now, also after a resize changed it.
    @Suite @MainActor struct HelpFollowsResizeTests {
        @Test func helpListsTheBindingsOfTheSizeItIsShownAt() {
            let harness = ScreenHarness(size: CellSize(width: 120, height: 30), title: "demo")
            defer { harness.end() }
            harness.router.setRoot(WidthScreen(), owner: nil)
            harness.render()
            harness.press(.character("?"))
            #expect(harness.snapshot().contains("wide only"))
            #expect(harness.snapshot().contains("always"))
            harness.resize(to: CellSize(width: 80, height: 24))
            #expect(!harness.snapshot().contains("wide only"), "the help still lists a key that no longer acts")
            #expect(harness.snapshot().contains("always"))
            harness.resize(to: CellSize(width: 120, height: 30))
            #expect(harness.snapshot().contains("wide only"))
            harness.press(.escape)
            #expect(harness.frame.host.focusedView is WidthScreen)
        }

        /// A key the screen below learns about only while drawing at the new
        /// size (a page that fits) leaves help's list once that draw happened.
        @Test func helpFollowsWhatTheScreenLearnsWhileDrawing() {
            let harness = ScreenHarness(size: CellSize(width: 80, height: 30), title: "demo")
            defer { harness.end() }
            harness.router.setRoot(DrawnHeightScreen(), owner: nil)
            harness.render()
            harness.press(.character("?"))
            harness.render()
            #expect(harness.snapshot().contains("tall only"))
            harness.resize(to: CellSize(width: 80, height: 16))
            harness.render()
            #expect(!harness.snapshot().contains("tall only"))
            harness.resize(to: CellSize(width: 80, height: 30))
            harness.render()
            #expect(harness.snapshot().contains("tall only"))
        }
    }
}
