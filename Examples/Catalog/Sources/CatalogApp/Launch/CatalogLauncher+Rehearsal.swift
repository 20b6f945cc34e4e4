import CatalogModel
import Foundation
import ShojiAppKit
import ShojiCurses

extension CatalogLauncher {
    /// What a session template of `catalog serve` runs before it forks:
    /// the app's first frames, Home and then the list, drawn as a guest on a
    /// headless 80x24 screen over a store that keeps nothing
    /// (`RehearsalRecords`) and a small generated catalogue, and ended.
    /// The runtime's caches those frames fill (type metadata, lazy witness
    /// tables: written on a type's first use, a 4 KiB page at a time) are
    /// then filled once, in the template, and shared by every forked
    /// session instead of being written again by each (the "Memory per
    /// session" figures in the ShojiSSH docs).
    ///
    /// Starts no thread, puts nothing on the main dispatch queue (whose
    /// wake-up descriptor every forked session would share: the template
    /// refuses to fork while it holds one, and so would the end-to-end
    /// test) and leaves nothing open but the headless screens' /dev/null;
    /// nothing of it is what a session may do only once per process (no
    /// logging bootstrap, no real terminal). These frames start no task:
    /// the catalogue is adopted, not loaded.
    package static func rehearseFirstFrames() {
        let screen = TerminalScreen.headless(size: CellSize(width: 80, height: 24))
        // The app goes before the screen ends, as a harness's does: its
        // panels are deleted while ncurses still has their screen.
        do {
            let items = 100
            let application = CatalogApplication(
                screen: screen, clock: VirtualLoopClock(), service: GeneratedCatalogService(count: items),
                accounts: AccountStore(database: RehearsalRecords()),
                favourites: FavouritesStore(database: RehearsalRecords()),
                sessions: ServedSessionStore(session: .guest))
            application.repository.adopt(Catalog.generated(count: items))
            application.start(session: .guest, route: nil)
            screen.render()
            // Home -> the list, a row down, back: what a session's first keys draw.
            for key in [TerminalKey.enter, .down, .escape] {
                application.handle(key)
                screen.render()
            }
        }
        screen.end()
    }
}
