import ShojiNavigation
import ShojiCurses
import Foundation
import ShojiTesting
import Testing
import ShojiWidgets
@testable import CatalogApp
@testable import CatalogSQLite
@testable import CatalogModel
@testable import CatalogPresenters

/// Resize storms: 1,000 random sizes (1x1 and very wide included) mixed with
/// random keys, through the whole app on a headless screen. Afterwards the
/// screen must read exactly as a fresh app started at the final size and
/// given the same keys: same text, same attributes, same colours. Anything
/// left over from an earlier size (a stale cell, a window curses clipped, a
/// panel laid out for another size) shows up as a difference.
///
/// Only keys whose effect does not depend on the size are used (no PgUp or
/// PgDn), so both apps end in the same state. Beside a split that holds too:
/// Tab and Shift-Tab move between its columns at every width, and the help
/// (`?`, F1) lists what acts now and follows a resize. Keys are chosen as
/// the storm goes, from what the stormed app shows, and the fresh app gets
/// the same ones. Scroll positions legitimately
/// depend on the sizes seen on the way, so both apps get End then Home before
/// the final comparison; the stacks are compared before that.
@MainActor
struct ResizeStormTests {
    private static let keys: [TerminalKey] = [
        .up, .down, .left, .right, .enter, .escape, .backspace, .delete, .tab, .backTab,
        .home, .end, .control("u"), .function(1),
    ] + "jkghlf/?123[] aeimnoprstx@.".map { TerminalKey.character($0) }

    /// Without the ways to the Account tab (where Enter signs out), so a
    /// storm that starts in the main flow stays there: list, filter,
    /// detail, favourites, help.
    private static let mainFlowKeys = keys.filter { ![.character("["), .character("]"), .character("3")].contains($0) }

    /// Who starts the app: signed in (on the list), a guest, signed out.
    enum Start: String, CaseIterable, CustomTestStringConvertible {
        case signedIn, guest, signedOut
        var testDescription: String { rawValue }
    }

    @Test(arguments: zip([Start.signedIn, .guest, .signedOut],
                         [CellSize(width: 80, height: 24), CellSize(width: 300, height: 50), CellSize(width: 40, height: 12)]))
    func finalLayoutEqualsAFreshStartAtTheFinalSize(start: Start, final: CellSize) async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["CATALOG_STORM_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("resize storm: seed \(seed), \(start), final size \(final) (replay with CATALOG_STORM_SEED=\(seed))")
        let catalog = try await EmbeddedCatalogService().load()
        // From here on nothing suspends (ncurses is process-wide).
        var random = SplitMix64(seed: seed)
        var keys: [TerminalKey] = []

        // Each app on a screen harness of its own, one after the other (the
        // harness's turn keeps other screen harnesses out meanwhile).
        let stormedResult = try await HeadlessApp.run(catalog: catalog, size: CellSize(width: 80, height: 24), start: start) {
            stormed -> (state: [String], screen: [String])? in
            var checked = 0
            var visited: Set<String> = []
            for step in 0..<1_000 {
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    let choices = start == .signedOut ? Self.keys : Self.mainFlowKeys
                    let key = choices.randomElement(using: &random)!
                    keys.append(key)
                    stormed.harness.handle(key)
                }
                let size = step == 999 ? final : Self.randomSize(using: &random)
                stormed.harness.resize(to: size)
                // Reading the screen back costs, so check the notice below the
                // minimum (small screens) and now and then above it.
                guard !size.fits(stormed.screen.minimumSize) || step % 50 == 0 else { continue }
                checked += 1
                if let problem = Self.tooSmallProblem(stormed.harness.snapshot(), minimum: stormed.screen.minimumSize) {
                    Issue.record("resize storm seed \(seed), step \(step): at \(size) \(problem)\n\(stormed.harness.snapshot())")
                    return nil
                }
                if let top = stormed.harness.focusedView { visited.insert("\(type(of: top))") }
                // Render at random points too, as the event loop does after a batch.
                if Int.random(in: 0..<3, using: &random) == 0 { stormed.harness.render() }
            }
            #expect(checked > 50)
            let state = stormed.state
            print("resize storm \(start) visited \(visited.sorted().joined(separator: ", ")); ends on \(state.last ?? "")")
            Self.scrollToTheTop(stormed.harness)
            return (state, stormed.comparableSnapshot())
        }
        guard let (stormedState, stormedScreen) = stormedResult else { return }

        let (freshState, freshScreen) = try await HeadlessApp.run(catalog: catalog, size: final, start: start) { fresh in
            for key in keys { fresh.harness.handle(key) }
            let state = fresh.state
            Self.scrollToTheTop(fresh.harness)
            return (state, fresh.comparableSnapshot())
        }

        #expect(stormedState == freshState, "resize storm seed \(seed): the apps' stacks differ")
        if stormedScreen != freshScreen {
            let rows = stormedScreen.indices.filter { stormedScreen[$0] != freshScreen[$0] }
            Issue.record("""
                resize storm seed \(seed): at \(final) the screen differs from a fresh start in rows \(rows)
                after the storm:
                \(stormedScreen.joined(separator: "\n"))
                fresh:
                \(freshScreen.joined(separator: "\n"))
                """)
        }
    }

    /// Above the minimum no trace of the too-small notice; below it nothing
    /// but the notice (whole lines, single words, or their cut beginnings).
    private static func tooSmallProblem(_ snapshot: ScreenSnapshot, minimum: CellSize) -> String? {
        let size = snapshot.size
        if size.fits(minimum) {
            return snapshot.contains("need \(minimum.width)x") ? "the too-small notice is still up" : nil
        }
        let notice = ["terminal too small", "need \(minimum.width)x\(minimum.height)", "have \(size.width)x\(size.height)"]
        let pieces = notice + notice.flatMap { $0.split(separator: " ").map(String.init) }
        for line in snapshot.lines {
            var text = line.trimmingCharacters(in: .whitespaces)
            if text.hasSuffix(DisplayText.ellipsis) { text.removeLast() }
            if text.isEmpty { continue }
            if !pieces.contains(where: { $0.hasPrefix(text) }) {
                return "the screen shows '\(line)' beside the too-small notice"
            }
        }
        return snapshot.lines.allSatisfy(\.isEmpty) ? "the too-small notice is missing" : nil
    }

    /// Mostly anything from 1x1 to 300x100, with the extremes often.
    /// Where a list is scrolled depends on the sizes it went through, so
    /// both apps are brought to the top before they are compared: End and
    /// Home, and Up past the catalogue's length, which moves a list whose
    /// filter is open too (there End and Home move the field's cursor).
    @MainActor
    private static func scrollToTheTop(_ harness: ScreenHarness) {
        harness.press(.end, .home)
        for _ in 0..<60 { harness.press(.up) }
    }

    private static func randomSize(using random: inout SplitMix64) -> CellSize {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return CellSize(width: 1, height: 1)
        case 1: return CellSize(width: 300, height: 50)
        case 2: return CellSize(width: Int.random(in: 1...300, using: &random), height: 1)
        case 3: return CellSize(width: 1, height: Int.random(in: 1...100, using: &random))
        case 4: return CellSize(width: Int.random(in: 39...41, using: &random), height: Int.random(in: 11...13, using: &random))
        default: return CellSize(width: Int.random(in: 1...300, using: &random), height: Int.random(in: 1...100, using: &random))
        }
    }
}

/// The whole app on a screen harness, with its own database.
@MainActor
private final class HeadlessApp {
    let directory: TemporaryDirectory
    let harness: ScreenHarness
    let application: CatalogApplication
    var screen: TerminalScreen { harness.screen }

    /// Runs `body` with the app started as `start` on a harness of `size`, once it is the harness's turn.
    static func run<Result>(catalog: Catalog, size: CellSize, start: ResizeStormTests.Start,
                            _ body: @MainActor (HeadlessApp) throws -> Result) async throws -> Result {
        try await withScreenHarness(size: size, title: "catalog", minimumSize: CellSize(width: 40, height: 12)) { harness in
            try body(HeadlessApp(harness: harness, catalog: catalog, start: start))
        }
    }

    private init(harness: ScreenHarness, catalog: Catalog, start: ResizeStormTests.Start) throws {
        self.harness = harness
        directory = try TemporaryDirectory()
        let database = try CatalogDatabase(path: directory.file("catalog.sqlite"))
        let accounts = AccountStore(database: database, hasher: PasswordHasher(parameters: .fastForTesting))
        application = CatalogApplication(
            frame: harness.frame, router: harness.router, clock: harness.clock, service: EmbeddedCatalogService(),
            accounts: accounts, favourites: FavouritesStore(database: database), sessions: MemorySessions())
        application.repository.adopt(catalog)
        switch start {
        case .signedIn:
            let account = try accounts.signUp(email: "storm@example.com", password: "longpassword", confirmation: "longpassword")
            application.start(session: .signedIn(account), route: .catalog)
        case .guest: application.start(session: .guest, route: nil)
        case .signedOut: application.start(session: nil, route: nil)
        }
    }
    /// What each router shows, the selected tab and the route path.
    var state: [String] {
        let routers = [application.rootRouter] + (application.app.mainFlow?.tabs?.routers ?? [])
        return routers.map { router in router.entries.map { "\(type(of: $0.presentable)) \(($0.presentable as? PanelView)?.title ?? "")" }.joined(separator: " / ") }
            + ["tab \(application.app.mainFlow?.tabs?.selectedIndex ?? -1)", "path \(application.app.currentRoute.path)"]
    }

    /// Each row as text, then its attributes, then its colours by value
    /// (pair numbers depend on the order colours were first used).
    func comparableSnapshot() -> [String] {
        let snapshot = screen.snapshot()
        let colours: [String] = snapshot.rows.map { (row: [SnapshotCell]) -> String in
            row.map { (cell: SnapshotCell) -> String in
                let (foreground, background) = screen.colors(ofPair: cell.colorPair)
                return String(foreground) + "," + String(background)
            }.joined(separator: " ")
        }
        var result: [String] = snapshot.lines
        result.append("--- attributes ---")
        result += snapshot.attributeLines
        result.append("--- colours ---")
        result += colours
        return result
    }
}

