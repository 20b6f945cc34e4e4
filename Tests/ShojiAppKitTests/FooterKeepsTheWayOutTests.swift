import Testing
@testable import ShojiAppKit
import ShojiTesting

/// A lazygit-like list screen with more keys than an 80-column footer holds.
@MainActor
private final class CommitsScreen: ListScreenView {
    init() {
        super.init(title: "Commits", rows: TitlesPresenter(["a1b2c3d Fix the footer", "e4f5a6b Add a pager"]))
        bind([.character("c")], "commit", importance: .high) {}
        bind([.character("p")], "push") {}
        bind([.character("P")], "pull") {}
        bind([.character("b")], "branch") {}
        bind([.character("s")], "stash") {}
        bind([.character("r")], "rebase") {}
        bind([.character("d")], "discard", importance: .low) {}
    }
}

/// The footer drops the least important keys first, never help and quit.
extension AppKitSuite {
    @Suite @MainActor struct FooterKeepsTheWayOutTests {
        private func footer(_ harness: ScreenHarness) -> String { harness.lines[harness.lines.count - 1] }

        @Test func atEightyColumnsHelpAndQuitStayAndAnEllipsisSaysWhatWent() {
            let harness = ScreenHarness(size: CellSize(width: 80, height: 10), title: "git")
            defer { harness.end() }
            harness.router.setRoot(BareScreen(), owner: nil)
            harness.router.push(CommitsScreen(), owner: nil)
            #expect(footer(harness) == "Enter/→/l open  / filter  c commit  p push  P pull  …  Esc back  ? help  q quit")
        }

        @Test func atFortyColumnsTheScreensOwnKeysGoFirstButAHighOneStays() {
            let harness = ScreenHarness(size: CellSize(width: 40, height: 10), title: "git")
            defer { harness.end() }
            harness.router.setRoot(BareScreen(), owner: nil)
            harness.router.push(CommitsScreen(), owner: nil)
            // The `…` stands where the first key went: the list's own, here.
            #expect(footer(harness) == "…  c commit  Esc back  ? help  q quit")
        }

        @Test func everyKeyStaysInHelp() {
            let harness = ScreenHarness(size: CellSize(width: 40, height: 24), title: "git")
            defer { harness.end() }
            harness.router.setRoot(CommitsScreen(), owner: nil)
            harness.press(.character("?"))
            for label in ["discard", "rebase", "stash", "commit", "quit"] {
                #expect(harness.snapshot().contains(label), "help lists \(label)")
            }
        }
    }
}
