import Foundation
import Testing
import ShojiAppKit
import ShojiTesting
@testable import CatalogApp
@testable import CatalogModel

/// Every key the footer offers on the catalog's screens acts when pressed:
/// the footer reads the same key chain the keys go through, so a key it
/// names always reaches something.
@MainActor
struct OfferedKeysActTests {
    /// Where the walk starts: who is signed in, where, on what size.
    struct Place: CustomTestStringConvertible, Sendable {
        enum Who: Sendable { case signedOut, guest, signedIn }
        let who: Who
        let route: AppRoute?
        let size: CellSize
        let keys: [TerminalKey]
        var testDescription: String { "\(who) \(route.map { "\($0)" } ?? "start") \(size.width)x\(size.height) \(keys)" }
    }

    nonisolated static let places: [Place] = [
        Place(who: .signedOut, route: nil, size: CellSize(width: 72, height: 18), keys: []),
        Place(who: .guest, route: .home, size: CellSize(width: 80, height: 24), keys: []),
        Place(who: .signedIn, route: .catalog, size: CellSize(width: 160, height: 48), keys: []),
        Place(who: .signedIn, route: .catalog, size: CellSize(width: 160, height: 48), keys: [.enter]),
        Place(who: .signedIn, route: .catalog, size: CellSize(width: 80, height: 24), keys: [.character("/")]),
        Place(who: .signedIn, route: .catalogItem("iphone-15-pro"), size: CellSize(width: 80, height: 24), keys: []),
        Place(who: .signedIn, route: .favourites, size: CellSize(width: 80, height: 24), keys: []),
        Place(who: .signedIn, route: .account, size: CellSize(width: 80, height: 24), keys: []),
    ]

    @Test(arguments: places)
    func everyKeyTheFooterOffersActs(_ place: Place) async throws {
        let catalog = try await EmbeddedCatalogService().load()
        var kept: [(CatalogApplication, TemporaryDirectory)] = []
        let pressed = try await expectEveryOfferedKeyActs(size: place.size, title: "catalog") { harness in
            let directory = try TemporaryDirectory()
            let (application, accounts) = try CatalogPictureTests.application(on: harness, catalog: catalog, in: directory)
            kept.append((application, directory))
            let session: Session? = switch place.who {
            case .signedOut: nil
            case .guest: .guest
            case .signedIn: .signedIn(try accounts.signUp(email: "ada@example.com", password: "longpassword",
                                                          confirmation: "longpassword"))
            }
            application.start(session: session, route: place.route)
            harness.render()
            harness.press(place.keys)
        }
        #expect(pressed.count >= 2, "\(pressed)")
    }
}
