import Foundation
import Testing
import ShojiAppKit
import ShojiTesting
@testable import CatalogApp
@testable import CatalogModel

/// The detail beside the list shows the list's highlighted item, whatever
/// moved it: a filter that moves the selection moves the detail, and one
/// that hides every row leaves no detail to act on.
@MainActor
struct CatalogSplitFilterTests {
    @Test func theDetailFollowsTheFilterAndAHiddenItemCannotBeMadeAFavourite() async throws {
        let catalog = try await EmbeddedCatalogService().load()
        let directory = try TemporaryDirectory()
        try await withScreenHarness(size: CellSize(width: 160, height: 48), title: "catalog",
                                    minimumSize: CellSize(width: 40, height: 12)) { harness in
            let (application, accounts) = try CatalogPictureTests.application(on: harness, catalog: catalog, in: directory)
            let account = try accounts.signUp(email: "ada@example.com", password: "longpassword", confirmation: "longpassword")
            application.start(session: .signedIn(account), route: .catalog)
            harness.render()
            let divider = max(28, 160 * 2 / 5)  // the split's default primary width
            @MainActor func detail() -> String {
                harness.lines.map { line in String(Array(line).dropFirst(divider + 1)) }.joined(separator: "\n")
            }
            harness.press(.character("/"))
            harness.type("4s")
            harness.press(.enter)
            #expect(detail().contains("iPhone 4S"))
            harness.press(.character("/"), .backspace, .backspace)
            harness.type("mini")
            #expect(detail().contains("iPhone 12 mini"), "the first match is highlighted, so it is the one shown")
            #expect(!detail().contains("iPhone 4S"))
            harness.type("zzz")
            #expect(harness.contains("No results"))
            #expect(!detail().contains("iPhone"), "no match: no detail of an item the list hides")
            harness.press(.enter, .tab, .character("f"))
            #expect(!harness.contains("Added to Favourites"), "Tab then f cannot act on a hidden item")
        }
    }

    /// Down beside the list moves the preview in place: the same screen
    /// (and flow) shows the next item, its path and title follow, and a
    /// note about the previous item does not carry over (issue: a new
    /// module, panel and column per key made Down many times a list's;
    /// Benchmarks/HISTORY.md, "2026-11-25 22:08: one `make bench`").
    @Test func thePreviewFollowsTheHighlightWithTheSameScreen() async throws {
        let catalog = try await EmbeddedCatalogService().load()
        let directory = try TemporaryDirectory()
        try await withScreenHarness(size: CellSize(width: 200, height: 60), title: "catalog",
                                    minimumSize: CellSize(width: 40, height: 12)) { harness in
            let (application, accounts) = try CatalogPictureTests.application(on: harness, catalog: catalog, in: directory)
            let account = try accounts.signUp(email: "ada@example.com", password: "longpassword", confirmation: "longpassword")
            application.start(session: .signedIn(account), route: .catalog)
            harness.render()
            let split = try #require(harness.frame.host.split?.container)
            @MainActor func preview() -> DetailPanelView? { split.secondaryRouter.entries.first?.presentable as? DetailPanelView }
            let first = try #require(preview())
            let firstID = first.presenter.itemID
            harness.press(.tab, .character("f"), .backTab)
            #expect(harness.contains("Added to Favourites"))
            harness.press(.down)
            let second = try #require(preview())
            #expect(second === first, "the same screen, told the next item")
            #expect(second.presenter.itemID != firstID)
            #expect(second.routeComponent == second.presenter.itemID)
            #expect(split.secondaryRouter.entries.count == 1)
            #expect(harness.contains(second.presenter.title))
            #expect(!harness.contains("Added to Favourites"), "the previous item's note is gone")
            harness.press(.up)
            #expect(preview() === first && first.presenter.itemID == firstID)
            #expect(harness.contains("★ In your favourites"))
        }
    }

    /// `--no-side-by-side` (what the benchmarks compare the split with):
    /// at 200 columns the list is alone, in both tabs with a split, and
    /// Enter opens the detail over it as on a narrow terminal.
    @Test func withoutSideBySideTheListIsAloneAtAnyWidth() async throws {
        let catalog = try await EmbeddedCatalogService().load()
        let directory = try TemporaryDirectory()
        try await withScreenHarness(size: CellSize(width: 200, height: 60), title: "catalog",
                                    minimumSize: CellSize(width: 40, height: 12)) { harness in
            let (application, accounts) = try CatalogPictureTests.application(on: harness, catalog: catalog, in: directory)
            application.showsDetailBesideList = false
            let account = try accounts.signUp(email: "ada@example.com", password: "longpassword", confirmation: "longpassword")
            application.start(session: .signedIn(account), route: .catalog)
            harness.render()
            let split = try #require(harness.frame.host.split?.container)
            #expect(!split.isSideBySide)
            #expect(split.secondaryRouter.entries.isEmpty, "no preview is built beside a list that is alone")
            harness.press(.down)
            #expect(split.secondaryRouter.entries.isEmpty)
            harness.press(.character("2"))
            #expect(harness.frame.host.split?.container.isSideBySide == false, "the favourites' split too")
            harness.press(.character("1"), .enter)
            #expect(harness.frame.host.focusedView is DetailPanelView, "Enter opens the detail over the list")
        }
    }
}
