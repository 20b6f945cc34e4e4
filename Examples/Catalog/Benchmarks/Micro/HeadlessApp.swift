import CatalogApp
import CatalogModel
import CatalogSQLite
import CatalogPresenters
import ShojiNavigation
import ShojiCurses
import ShojiTesting
import Foundation

/// The whole reference app on the screen harness from ShojiTesting (a
/// headless screen, the frame, a virtual clock), as a guest on the list
/// screen, so a benchmark measures what a key costs inside the process: the
/// shell's dispatch, the screen's work and the render (`doupdate` into
/// /dev/null), without the terminal and the pty.
@MainActor
final class HeadlessApp {
    let harness: ScreenHarness
    let application: CatalogApplication
    private let directory: String
    var screen: TerminalScreen { harness.screen }

    init(catalog: Catalog, size: CellSize = CellSize(width: 80, height: 24)) {
        var template = Array((NSTemporaryDirectory() + "catalog-microbench-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("microbench: cannot make a temporary directory") }
        directory = String(cString: made)
        let database: CatalogDatabase
        do {
            database = try CatalogDatabase(path: directory + "/catalog.sqlite")
        } catch {
            fatalError("microbench: \(error)")
        }
        harness = ScreenHarness(size: size, title: "catalog", minimumSize: CellSize(width: 40, height: 12))
        application = CatalogApplication(
            frame: harness.frame, router: harness.router, clock: harness.clock, service: Preloaded(catalog: catalog),
            accounts: AccountStore(database: database), favourites: FavouritesStore(database: database),
            sessions: NoSessions())
        application.repository.adopt(catalog)
        application.start(session: .guest, route: .catalog)
        harness.render()
    }

    /// Handles `key` as the event loop would, then renders like the end of its batch.
    func press(_ key: TerminalKey) { harness.press(key) }

    func type(_ text: String) { for character in text { press(.character(character)) } }

    /// The focused screen's panel, drawn again from scratch at the next render.
    func invalidateFocusedView() { harness.focusedView?.setNeedsDisplay() }

    func end() {
        harness.end()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

private struct Preloaded: CatalogService {
    let catalog: Catalog
    var sourceDescription: String { catalog.source }
    func load() async throws -> Catalog { catalog }
}

@MainActor
private final class NoSessions: SessionStoring {
    func restore() -> Session? { nil }
    func save(_ session: Session) {}
    func clear() {}
}

extension Catalog {
    /// The generated catalogue's items held in memory, as a decoded file's
    /// would be: the same titles through the other storage.
    static func stored(copying generated: Catalog) -> Catalog {
        let items = (0..<generated.count).map { index in
            CatalogItem(id: generated.id(at: index), title: generated.title(at: index),
                        year: generated.year(at: index), fields: [])
        }
        return Catalog(source: "\(generated.count) stored items", items: items)
    }
}
