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
    }
}
