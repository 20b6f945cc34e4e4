import Foundation
import Testing
import ShojiAppKit
import ShojiTesting
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogSQLite
@testable import CatalogPresenters

/// The catalog's loose ends, each on the whole app on a headless screen:
/// Tab between panes at every width, `[` / `]` between tabs, the Favourites
/// split, and a restored list at its row.
@MainActor
struct LooseEndsTests {
    private func withApp(size: CellSize, route: AppRoute?, restoredSelection: String? = nil, favourites: [String] = [],
                         _ body: (ScreenHarness, CatalogApplication) throws -> Void) async throws {
        let loaded = try await EmbeddedCatalogService().load()
        let directory = try TemporaryDirectory()
        try await withScreenHarness(size: size, title: "catalog", minimumSize: CellSize(width: 40, height: 12)) { harness in
            let (application, accounts) = try CatalogPictureTests.application(on: harness, catalog: loaded, in: directory)
            let account = try accounts.signUp(email: "ada@example.com", password: "longpassword", confirmation: "longpassword")
            // Favourites added before the start (a change's notice arrives asynchronously).
            let store = FavouritesStore(database: try CatalogDatabase(path: directory.file("catalog.sqlite")))
            for id in favourites { _ = try store.toggle(id, for: account) }
            application.app.restoredSelection = restoredSelection
            application.start(session: .signedIn(account), route: route)
            harness.render()
            try body(harness, application)
        }
    }

    @Test func narrowTabOpensTheHighlightedItemAndShiftTabGoesBackToTheList() async throws {
        try await withApp(size: CellSize(width: 72, height: 18), route: .catalog) { harness, application in
            harness.press(.down)
            #expect(harness.lines[harness.lines.count - 1].contains("Tab/Shift-Tab detail"))
            harness.press(.tab)
            #expect(harness.lines[0] == " catalog › Home › List › iPhone 3G")
            #expect(application.app.currentRoute == .catalogItem("iphone-3g"))
            harness.press(.backTab)
            #expect(harness.lines[0] == " catalog › Home › List")
            #expect(application.app.currentRoute == .catalog)
            #expect(application.app.currentSelection == "iphone-3g", "the list kept its row")
        }
    }

    @Test func bracketsSwitchTabsAndTabDoesNot() async throws {
        try await withApp(size: CellSize(width: 72, height: 18), route: nil) { harness, application in
            let tabs = try #require(application.app.mainFlow?.tabs)
            harness.press(.tab)
            #expect(tabs.selectedIndex == 0)
            harness.press(.character("]"))
            #expect(tabs.selectedIndex == 1)
            harness.press(.character("]"))
            #expect(tabs.selectedIndex == 2)
            harness.press(.character("["), .character("["), .character("["))
            #expect(tabs.selectedIndex == 2, "[ wraps round")
            // Help and the palette offer them (the footer has no room).
            let labels = harness.frame.activeBindings.map { "\($0.keyNames) \($0.label)" }
            #expect(labels.contains("] next tab") && labels.contains("[ previous tab"), "\(labels)")
        }
    }

    /// The Favourites tab shows its list beside the detail from 120 columns,
    /// as the Catalog tab does, and Tab moves between them.
    @Test func theFavouritesTabIsASplit() async throws {
        try await withApp(size: CellSize(width: 160, height: 30), route: nil, favourites: ["iphone", "iphone-3g"]) {
            harness, application in
            harness.press(.character("2"), .down)
            let split = try #require(application.app.mainFlow?.favouritesFlow?.split)
            #expect(split.isSideBySide)
            #expect(harness.lines[3].hasPrefix("iPhone 3G"))
            #expect(harness.lines[3].contains("│"), "a divider between the columns")
            #expect(harness.contains("Samsung") || harness.contains("Chip"), "the detail previewed beside the list")
            #expect(harness.lines[0] == " catalog › Favourites")
            harness.press(.tab)
            #expect(split.focusedColumn == .secondary)
            #expect(harness.lines[0] == " catalog › Favourites › iPhone 3G")
            #expect(application.app.currentRoute == .favouriteItem("iphone-3g"))
            harness.press(.backTab)
            #expect(split.focusedColumn == .primary)
        }
    }

    @Test func aRestoredListSelectsTheRowItWasOn() async throws {
        try await withApp(size: CellSize(width: 72, height: 18), route: .catalog, restoredSelection: "iphone-4s") { harness, application in
            #expect(application.app.currentSelection == "iphone-4s")
            let attributed = harness.snapshot()
            let row = try #require(attributed.lines.firstIndex { $0.hasPrefix("iPhone 4S") })
            #expect(attributed.attributeLines[row].hasPrefix("R"), "the restored row is selected")
            #expect(application.app.restoredSelection == nil, "used once")
        }
    }
}
