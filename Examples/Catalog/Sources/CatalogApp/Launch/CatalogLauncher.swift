import CatalogDownload
import CatalogModel
import CatalogSQLite
import CatalogPresenters
import Foundation
import Logging
import ShojiAppKit

/// Wires the catalog together and hands it to `ShojiApp`: data directory,
/// stores, session, catalogue service and where to save routes. The kit
/// does the rest (terminal checks, screen, frame, keys, `--open`,
/// `--restore`, signals, exit statuses).
@MainActor
package enum CatalogLauncher {
    /// Runs the app; `openStorage` opens where accounts and favourites live
    /// (by default `catalog.sqlite` in the data directory).
    package static func run(_ options: CatalogOptions, openStorage: StorageOpener = CatalogDatabase.open(in:)) throws(LaunchError) -> Never {
        let shoji = ShojiApp(name: "catalog", configuration: options.launch)
        // The terminal first: a bad environment fails before the data directory is touched.
        try shoji.verifyTerminal()
        let directory = try DataDirectory.prepared(override: options.dataDirectory)
        _ = try? CatalogLogging.bootstrap(directory: directory)
        let logger = Logger(label: "catalog")
        StartupTrace.mark("data directory")
        let database = try step(1) { () throws(StorageError) in try openStorage(directory) }
        StartupTrace.mark("storage opened")
        let accounts = AccountStore(database: database)
        let favouritesStore = FavouritesStore(database: database)
        let sessions: any SessionStoring
        let session: Session?
        let keys = options.served?.publicKey.map {
            ServedKeyLinking(publicKey: $0, store: LinkedKeyStore(database: database), isAdmitted: options.keyAdmission)
        }
        if let served = options.served {
            let fixed = try servedSession(served, accounts: accounts)
            session = fixed
            sessions = ServedSessionStore(session: fixed)
        } else {
            sessions = SessionStore(file: SessionFile(directory: directory), accounts: accounts)
            session = options.guest ? .guest : sessions.restore()
        }
        let service = try step(64) { () throws(CatalogError) in try catalogService(options) }

        // Until the app runs, routes belong to the starting session; then to
        // whoever is signed in (nobody after sign-out).
        let routes = CatalogRouteStore(paths: PathStore(database: database), logger: logger) { session }
        shoji.routeStore = routes
        shoji.afterFirstPaint {
            StartupTrace.mark("first paint")
            StartupTrace.write()
        }
        if options.crashAfterFirstPaint {
            shoji.afterFirstPaint { fatalError("--crash-after-first-paint: crashing after the first paint") }
        }
        logger.info("started", metadata: ["catalog": "\(service.sourceDescription)", "route": "\(options.launch.open ?? "-")"])
        StartupTrace.mark("launched")
        shoji.run { context in
            let application = CatalogApplication(
                frame: context.frame, router: context.router, clock: context.clock, service: service,
                accounts: accounts, favourites: favouritesStore, sessions: sessions, keys: keys)
            application.showsDetailBesideList = options.sideBySide
            let app = application.app
            app.startingSession = { session }
            // Restored, the list reopens at the row it had selected (read
            // while the routes are still the starting session's).
            if options.launch.restore, options.launch.open == nil { app.restoredSelection = routes.loadSelection() }
            routes.session = { [weak app] in app?.session }
            routes.selection = { [weak app] in app?.currentSelection }
            app.willSignOut = { context.app.saveRoute() }
            // A served account cannot switch accounts: signing out ends the
            // session. A served guest may sign in or sign up in the app.
            if options.served?.account != nil {
                app.onSignedOut = { context.app.quit(status: 0) }
            }
            return app
        }
    }

    /// The account the SSH server authenticated; it must still exist.
    private static func servedSession(_ served: ServedSession, accounts: AccountStore) throws(LaunchError) -> Session {
        guard let email = served.account else { return .guest }
        guard let account = try? accounts.account(email: email) else {
            throw LaunchError("no account \(email) in this data directory", exitStatus: 1)
        }
        return .signedIn(account)
    }

    private static func catalogService(_ options: CatalogOptions) throws(CatalogError) -> any CatalogService {
        if let count = options.generate { return GeneratedCatalogService(count: count) }
        if let text = options.catalog {
            return try CatalogSource.parse(text).makeService(timeout: options.downloadTimeout ?? URLCatalogService.defaultTimeout)
        }
        return EmbeddedCatalogService()
    }

    /// Runs `body`, turning its error into a `LaunchError` with `status`.
    private static func step<T, E: Error & CustomStringConvertible>(
        _ status: Int32, _ body: () throws(E) -> T
    ) throws(LaunchError) -> T {
        do {
            return try body()
        } catch {
            throw LaunchError(error.description, exitStatus: status)
        }
    }
}

/// Saved routes live with the account (or the guest) in the database, so
/// `--restore` and a served session reopen where that user left off.
@MainActor
final class CatalogRouteStore: RouteStoring {
    private let paths: PathStore
    private let logger: Logger
    /// Whose routes these are now.
    var session: () -> Session?
    /// The item the list on screen selects, saved beside the path.
    var selection: () -> String? = { nil }

    init(paths: PathStore, logger: Logger, session: @escaping () -> Session?) {
        self.paths = paths
        self.logger = logger
        self.session = session
    }

    private var owner: PathStore.Owner? {
        session().map { $0.account.map { .account(email: $0.email) } ?? .guest }
    }

    func loadRoute() -> String? {
        owner.flatMap { try? paths.load(for: $0) }
    }

    /// The list's selection saved with the path, if any.
    func loadSelection() -> String? {
        owner.flatMap { try? paths.loadSelection(for: $0) }
    }

    func saveRoute(_ path: String) throws {
        guard let owner else { return }
        do {
            try paths.save(path, for: owner)
            try paths.saveSelection(selection(), for: owner)
            logger.info("saved path", metadata: ["path": "\(path)"])
        } catch {
            logger.error("could not save the path", metadata: ["path": "\(path)", "error": "\(error)"])
            throw error
        }
    }
}
