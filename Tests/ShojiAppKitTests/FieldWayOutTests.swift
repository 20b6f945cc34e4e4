import Testing
@testable import ShojiAppKit
import ShojiTesting

/// A screen that opens in a text field (a sign-in form) still has help, the
/// palette and a way out: `?` and `q` are text there, so F1, Ctrl-P and
/// Ctrl-Q act, and the footer says so.
extension AppKitSuite {
    @Suite @MainActor struct FieldWayOutTests {
        private func formAtRoot() -> ScreenHarness {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 16), title: "demo")
            harness.router.setRoot(FormScreen(), owner: nil)
            return harness
        }

        @Test func theFooterOffersHelpAndQuitByKeysAFieldDoesNotTake() {
            let harness = formAtRoot()
            defer { harness.end() }
            let footer = harness.lines[harness.lines.count - 1]
            #expect(footer.contains("Enter submit"))
            #expect(footer.contains("F1 help") && footer.contains("Ctrl-Q quit"), "\(footer)")
        }

        @Test func f1OpensHelpAndCtrlPThePalette() {
            let harness = formAtRoot()
            defer { harness.end() }
            harness.press(.function(1))
            #expect(harness.focusedView?.title == "Keys")
            harness.press(.escape)
            #expect(harness.focusedView?.title == "Edit")
            harness.press(.control("p"))
            #expect(harness.focusedView?.title == "Commands")
        }

        @Test func ctrlQQuitsWhereQIsText() {
            let harness = formAtRoot()
            defer { harness.end() }
            harness.type("q")
            #expect(harness.quitRequests == 0)
            harness.press(.control("q"))
            #expect(harness.quitRequests == 1)
        }

        @Test func aModalsFieldKeepsItsOwnKeys() {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 16), title: "demo")
            defer { harness.end() }
            harness.router.setRoot(BareScreen(), owner: nil)
            harness.router.present(FormScreen(), owner: nil)
            harness.press(.control("q"))
            #expect(harness.quitRequests == 0, "a sheet's form is left by its own keys")
        }
    }
}
