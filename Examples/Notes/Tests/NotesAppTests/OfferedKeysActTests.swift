import Testing
import ShojiAppKit
import ShojiTesting
@testable import NotesApp

/// Every key the footer offers on the notes app's screens acts when
/// pressed: the footer reads the key chain the keys go through.
@MainActor
struct OfferedKeysActTests {
    /// The keys that lead from the start to each screen: the list, a note,
    /// the edit sheet, a new note's sheet, the list filtering, the About tab.
    nonisolated static let places: [[TerminalKey]] = [
        [], [.enter], [.enter, .character("e")], [.character("n")], [.character("/")], [.character("2")],
    ]

    @Test(arguments: places)
    func everyKeyTheFooterOffersActs(_ keys: [TerminalKey]) async {
        let pressed = await expectEveryOfferedKeyActs(size: CellSize(width: 80, height: 24), title: "notes") { harness in
            harness.start(NotesAppCoordinator(router: harness.router, store: .sample(count: 5)))
            harness.press(keys)
        }
        #expect(pressed.count >= 2, "\(pressed)")
    }
}
