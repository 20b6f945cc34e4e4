import Foundation
import Testing
import ShojiAppKit
import ShojiTesting
@testable import CatalogApp
@testable import CatalogSQLite
@testable import CatalogModel
@testable import CatalogPresenters

/// The pictures of the catalog that the README and the articles show, drawn
/// from the whole app on a headless screen, signed in, walking Home -> List
/// (filtered) -> Detail (made a favourite). It fails when the app no longer
/// draws what a picture shows; `make docs` (SHOJI_RECORD_SVG=1) draws them again.
@MainActor
struct CatalogPictureTests {
    /// The framework's ShojiAppKit documentation catalog, whose Resources hold the pictures.
    nonisolated static let catalog = URL(fileURLWithPath: #filePath)
        .appendingPathComponent("../../../../../Sources/ShojiAppKit/ShojiAppKit.docc").standardized.path
    nonisolated static let images = catalog + "/Resources"
    /// Only in the Shoji repository: `Scripts/generator-test.sh` runs a copy of an example elsewhere.
    nonisolated static let inRepository = FileManager.default.fileExists(atPath: catalog)

    @Test(.enabled(if: inRepository)) func homeTheFilteredListAndAFavourite() async throws {
        let catalog = try await EmbeddedCatalogService().load()
        let directory = try TemporaryDirectory()
        try await withScreenHarness(size: CellSize(width: 72, height: 18), title: "catalog",
                                    minimumSize: CellSize(width: 40, height: 12)) { harness in
            let (application, accounts) = try Self.application(on: harness, catalog: catalog, in: directory)
            let account = try accounts.signUp(email: "ada@example.com", password: "longpassword", confirmation: "longpassword")
            application.start(session: .signedIn(account), route: nil)
            harness.render()
            #expect(harness.lines[0] == " catalog › Home")
            harness.expectSnapshot("home")
            harness.expectPicture("catalog: Home", at: Self.images + "/catalog-home.svg")

            harness.press(.enter, .character("/"))
            harness.type("pro max")
            #expect(harness.contains("iPhone 12 Pro Max"))
            harness.expectSnapshot("the-list-filtered")
            harness.expectPicture("catalog: the list, filtered by \"pro max\"", at: Self.images + "/catalog-list.svg")

            harness.press(.enter, .down, .enter, .character("f"))
            #expect(harness.lines[0] == " catalog › Home › List › iPhone 12 Pro Max")
            #expect(harness.contains("In your favourites"))
            #expect(harness.contains("Added to Favourites"))
            harness.expectSnapshot("a-detail-a-favourite")
            harness.expectPicture("catalog: an item's detail, a favourite", at: Self.images + "/catalog-detail.svg")
        }
    }

    /// From 120 columns the list and the detail share the screen.
    @Test(.enabled(if: inRepository)) func theListAndADetailSideBySide() async throws {
        let catalog = try await EmbeddedCatalogService().load()
        let directory = try TemporaryDirectory()
        try await withScreenHarness(size: CellSize(width: 132, height: 22), title: "catalog",
                                    minimumSize: CellSize(width: 40, height: 12)) { harness in
            let (application, _) = try Self.application(on: harness, catalog: catalog, in: directory)
            application.start(session: .guest, route: .catalogItem("iphone-15-pro"))
            harness.render()
            #expect(harness.lines[0] == " catalog › Home › List › iPhone 15 Pro")
            #expect(harness.lines[2].contains("│iPhone 15 Pro"))
            harness.expectSnapshot("the-list-and-a-detail-side-by-side")
            harness.expectPicture("catalog: the list and a detail side by side", at: Self.images + "/catalog-split.svg")
        }
    }

    /// The whole app on `harness`, its store in `directory`, the catalogue already loaded.
    static func application(on harness: ScreenHarness, catalog: Catalog, in directory: TemporaryDirectory) throws
        -> (CatalogApplication, AccountStore)
    {
        let database = try CatalogDatabase(path: directory.file("catalog.sqlite"))
        let accounts = AccountStore(database: database, hasher: PasswordHasher(parameters: .fastForTesting))
        let application = CatalogApplication(
            frame: harness.frame, router: harness.router, clock: harness.clock, service: EmbeddedCatalogService(),
            accounts: accounts, favourites: FavouritesStore(database: database), sessions: MemorySessions())
        application.repository.adopt(catalog)
        return (application, accounts)
    }
}
