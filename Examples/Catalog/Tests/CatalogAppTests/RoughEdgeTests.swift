import Foundation
import Testing
import ShojiAppKit
import ShojiTesting
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

/// What a tour of the catalog as a demanding user tripped on, each on the
/// whole app on a headless screen.
@MainActor
struct RoughEdgeTests {
    /// The app on a headless screen: signed out, as a guest or signed in.
    private enum Start { case signedOut, guest, signedIn }

    private func withApp(_ start: Start, route: AppRoute? = nil, catalog: Catalog? = nil,
                         _ body: (ScreenHarness) throws -> Void) async throws {
        let loaded = try await EmbeddedCatalogService().load()
        let directory = try TemporaryDirectory()
        try await withScreenHarness(size: CellSize(width: 72, height: 18), title: "catalog",
                                    minimumSize: CellSize(width: 40, height: 12)) { harness in
            let (application, accounts) = try CatalogPictureTests.application(on: harness, catalog: catalog ?? loaded,
                                                                              in: directory)
            let session: Session? = switch start {
            case .signedOut: nil
            case .guest: .guest
            case .signedIn: .signedIn(try accounts.signUp(email: "ada@example.com", password: "longpassword",
                                                          confirmation: "longpassword"))
            }
            application.start(session: session, route: route)
            harness.render()
            try body(harness)
        }
    }

    /// "Added to Favourites" used to stay until the screen closed.
    @Test func theFavouriteNoteGoesAwayByItself() async throws {
        try await withApp(.signedIn, route: .catalogItem("iphone-15-pro")) { harness in
            harness.press(.character("f"))
            #expect(harness.contains("Added to Favourites"))
            harness.advance(by: .seconds(2))
            #expect(harness.contains("Added to Favourites"), "still there a moment later")
            harness.advance(by: .seconds(2))
            #expect(!harness.contains("Added to Favourites"))
            #expect(harness.contains("In your favourites"), "the state stays; only the note goes")
        }
    }

    /// Home fits its screen: no movement key acts there, and `/` filters
    /// only in the list, so neither help nor its text offers them.
    @Test func homeOffersOnlyKeysThatAct() async throws {
        try await withApp(.guest) { harness in
            #expect(harness.lines[0] == " catalog › Home")
            #expect(!harness.contains("/ to filter"))
            harness.press(.character("?"))
            let help = harness.lines.filter { $0.contains("│") }.joined(separator: "\n")
            #expect(help.contains("browse"), "\(help)")
            #expect(!help.contains("down") && !help.contains("page up") && !help.contains("last"), "\(help)")
        }
    }

    /// The sign-in screen opens in its email field: the footer still shows
    /// help and a way out, and F1 and Ctrl-P act there.
    @Test func theSignInScreenHasHelpThePaletteAndAWayOut() async throws {
        try await withApp(.signedOut) { harness in
            harness.expectSnapshot("sign-in")
            let footer = harness.lines[harness.lines.count - 1]
            #expect(footer.contains("F1 help") && footer.contains("Ctrl-Q quit"), "\(footer)")
            harness.press(.function(1))
            #expect(harness.focusedView?.title == "Keys")
            harness.expectSnapshot("sign-in-help")
            harness.press(.escape)
            harness.press(.control("p"))
            #expect(harness.focusedView?.title == "Commands")
            harness.expectSnapshot("sign-in-palette")
            harness.press(.escape)
            harness.press(.control("q"))
            #expect(harness.quitRequests == 1)
        }
    }

    /// Counts are grouped the same way on Home and in the list's filter
    /// (the list wrote "82 of 1000000" where Home wrote "1,000,000 items").
    @Test func countsAreGroupedAlike() async throws {
        try await withApp(.guest, catalog: .generated(count: 12_345)) { harness in
            #expect(harness.contains("12,345 items") || harness.contains("12,345 generated items"))
            harness.press(.enter, .character("/"))
            harness.type("12344")
            #expect(harness.contains(" of 12,345"), "\(harness.lines)")
            #expect(!harness.contains("12345"))
        }
    }
}
