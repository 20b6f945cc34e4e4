import ShojiNavigation
import ShojiCurses
import Foundation
import Testing
import ShojiTesting
import ShojiWidgets
@testable import CatalogApp
@testable import CatalogSQLite
@testable import CatalogModel
@testable import CatalogPresenters


/// Long random key sequences, with resizes from 1x1 to very wide mixed in,
/// through the whole app on a headless screen, checking after every key that the stacks, the coordinator tree and the
/// screen agree and that nothing popped stays alive. The seed is printed;
/// `CATALOG_FUZZ_SEED` replays one and `CATALOG_FUZZ_KEYS` sets the length
/// (`Scripts/fuzz-keys.sh` runs a long one).
@MainActor
struct KeyFuzzTests {
    /// Every key the app binds, and some it does not; no `q` (quit ends the
    /// process) and no Ctrl-C (a signal, not a key).
    private static let keys: [TerminalKey] = [
        .up, .down, .left, .right, .enter, .escape, .backspace, .delete, .tab, .backTab,
        .pageUp, .pageDown, .home, .end, .control("u"), .function(1),
    ] + "jkghlf/?123 aeimnoprstx@.".map { TerminalKey.character($0) }

    @Test func randomKeysKeepTheStacksTheTreeAndTheScreenInAgreement() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["CATALOG_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        let count = environment["CATALOG_FUZZ_KEYS"].flatMap(Int.init) ?? 100_000
        print("key fuzz: seed \(seed), \(count) keys (replay with CATALOG_FUZZ_SEED=\(seed))")
        // `make soak`: the process's memory, descriptors and threads every N keys.
        let sampleEvery = environment["CATALOG_SOAK_SAMPLE_EVERY"].flatMap(Int.init).map { max($0, 1) }

        let directory = try TemporaryDirectory()
        let database = try CatalogDatabase(path: directory.file("catalog.sqlite"))
        let accounts = AccountStore(database: database, hasher: PasswordHasher(parameters: .fastForTesting))
        let service = EmbeddedCatalogService()
        let catalog = try await service.load()
        // The harness's turn: no other screen harness runs while this one does
        // (ncurses is process-wide), and inside it nothing suspends.
        await withScreenHarness(size: CellSize(width: 80, height: 24), title: "catalog",
                                minimumSize: CellSize(width: 40, height: 12)) { harness in
            let screen = harness.screen
            let application = CatalogApplication(
                frame: harness.frame, router: harness.router, clock: harness.clock,
                service: PreloadedCatalog(catalog: catalog), accounts: accounts,
                favourites: FavouritesStore(database: database), sessions: MemorySessions())
            application.repository.adopt(catalog)
            application.start(session: nil, route: nil)

            var random = SplitMix64(seed: seed)
            var seen: [ObjectIdentifier: WeakView] = [:]
            var visited: Set<String> = []
            for step in 1...count {
                let key = Self.keys.randomElement(using: &random)!
                harness.handle(key)
                if Int.random(in: 0..<300, using: &random) == 0 {
                    // A resize storm mixed in: any size from 1x1 to very wide.
                    let size = CellSize(width: Int.random(in: 1...260, using: &random), height: Int.random(in: 1...90, using: &random))
                    harness.resize(to: size)
                    // Below the minimum the notice covers everything; above it, it is gone.
                    let snapshot = harness.snapshot()
                    let fits = size.fits(screen.minimumSize)
                    let problem = fits ? (snapshot.contains("need 40x12") ? "the too-small notice is still up" : nil)
                        : (snapshot.contains("catalog ›") ? "the app shows through the too-small notice" : nil)
                    if let problem {
                        Issue.record("key fuzz seed \(seed), step \(step): at \(size) \(problem)")
                        return
                    }
                }
                // A batch of eight keys, then the render that ends it.
                if step % 8 == 0 { harness.render() }
                if let sampleEvery, step % sampleEvery == 0 { ProcessSample.now().report(keys: step) }
                for view in liveViews(application) { seen[ObjectIdentifier(view)] = WeakView(view) }
                if let top = harness.focusedView { visited.insert("\(type(of: top))") }
                if let problem = check(application, seen: &seen) {
                    Issue.record("key fuzz seed \(seed), step \(step) (\(key)): \(problem)")
                    return
                }
            }
            #expect(harness.quitRequests == 0)
            // A run that never left the first screens would prove little.
            print("key fuzz visited: \(visited.sorted().joined(separator: ", "))")
            #expect(visited.isSuperset(of: ["LoginPanelView", "HomePanelView", "ListPanelView", "DetailPanelView"]))
        }
    }

    /// A catalogue already in memory.
    private struct PreloadedCatalog: CatalogService {
        let catalog: Catalog
        var sourceDescription: String { catalog.source }
        func load() async throws -> Catalog { catalog }
    }

    private struct WeakView {
        weak var view: PanelView?
        init(_ view: PanelView) { self.view = view }
    }

    private func routers(_ application: CatalogApplication) -> [any Routing] {
        [application.rootRouter] + (application.app.mainFlow?.tabs?.routers ?? [])
    }

    private func liveViews(_ application: CatalogApplication) -> [PanelView] {
        routers(application).flatMap { $0.entries.compactMap { $0.presentable as? PanelView } }
    }

    /// The first broken invariant, or nil.
    private func check(_ application: CatalogApplication, seen: inout [ObjectIdentifier: WeakView]) -> String? {
        let host = application.frame.host
        guard let top = host.focusedView else { return "the active router is empty" }
        guard let panel = top.panel, !panel.isHidden else {
            let stacks = routers(application).map { router in
                "[\(router.isDisplayed ? "shown" : "hidden"): \(router.entries.map { "\($0.presentable)" }.joined(separator: ", "))]"
            }
            return "the top screen '\(top.title)' is not shown (panel \(top.panel == nil ? "missing" : "hidden")); stacks \(stacks)"
        }
        let app = application.app
        for router in routers(application) {
            for entry in router.entries {
                guard let owner = entry.owner else { continue }
                if owner.isFinished { return "'\(entry.presentable)' is owned by a finished \(type(of: owner))" }
                if !owner.isSelfOrDescendant(of: app) { return "the owner of '\(entry.presentable)' left the tree" }
            }
        }
        if app.authFlow != nil, app.mainFlow != nil { return "both the auth and the main flow are running" }
        let inStacks = Set(liveViews(application).map(ObjectIdentifier.init))
        seen = seen.filter { $0.value.view != nil }
        if let leaked = seen.values.first(where: { !inStacks.contains(ObjectIdentifier($0.view!)) })?.view {
            return "'\(leaked.title)' (\(type(of: leaked))) left its stack but is still alive"
        }
        return nil
    }
}
