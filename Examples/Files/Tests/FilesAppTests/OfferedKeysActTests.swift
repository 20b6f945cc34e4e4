import Testing
import ShojiAppKit
import ShojiTesting
@testable import FilesApp
@testable import FilesPresenters

/// Every key the footer offers on the file browser's screens acts when
/// pressed: the footer reads the key chain the keys go through.
@MainActor
struct OfferedKeysActTests {
    /// The keys that lead from the start to each screen: the start folder,
    /// a folder's listing, a file's preview beside it (wide) or over it
    /// (narrow), the listing filtering, a mark.
    nonisolated static let places: [(keys: [TerminalKey], width: Int)] = [
        ([], 80), ([.enter], 80), ([.enter, .down, .down], 160), ([.enter, .down, .down, .enter], 80),
        ([.enter, .character("/")], 80), ([.enter, .down, .character(" ")], 80),
    ]

    @Test(arguments: places.indices)
    func everyKeyTheFooterOffersActs(_ place: Int) async {
        let (keys, width) = Self.places[place]
        let root = BytePath("/srv/data")
        let pressed = await expectEveryOfferedKeyActs(size: CellSize(width: width, height: 24), title: "files") { harness in
            let loader = ImmediateLoader()
            loader.listings[root] = [entry("photos", .directory)]
            loader.listings[BytePath("/srv/data/photos")] = [
                entry("2024", .directory), entry("cover.png", size: 1_258_291), entry("index.txt", size: 812),
            ]
            harness.start(FilesCoordinator(router: harness.router, root: root, loader: loader))
            harness.press(keys)
        }
        #expect(pressed.count >= 2, "\(pressed)")
    }
}
