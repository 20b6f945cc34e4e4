import ShojiNavigation
import ShojiCurses
import Foundation
import Logging

/// Wires the app together and runs it: data directory, stores, session,
/// route, screen, shell and the app coordinator, then the event loop.
@MainActor
public enum CatalogLauncher {
    public static func run(_ options: LaunchOptions) throws(LaunchError) -> Never {
        // Over a file size limit (ulimit -f) the kernel kills the writer with
        // SIGXFSZ, leaving the terminal in curses mode and whatever was being
        // saved unsaved. Ignored, the write fails with EFBIG instead, and the
        // app reports it as it does a full disk.
        signal(SIGXFSZ, SIG_IGN)
        let screenOptions = TerminalScreen.Options(minimumSize: CellSize(width: 40, height: 12), colors: options.colors)
        try step(2) { () throws(TerminalError) in try TerminalScreen.verify(options: screenOptions) }
        let directory = try step(1) { () throws(DataDirectoryError) in try DataDirectory(override: options.dataDirectory) }
        _ = try? CatalogLogging.bootstrap(directory: directory)
        let logger = Logger(label: "catalog")
        let database = try step(1) { () throws(StorageError) in try CatalogDatabase(directory: directory) }
        let accounts = AccountStore(database: database)
        let favouritesStore = FavouritesStore(database: database)
        let paths = PathStore(database: database)
        let sessions: any SessionStoring
        let session: Session?
        if let served = options.served {
            session = try servedSession(served, accounts: accounts)
            sessions = ServedSessionStore(session: session!)
        } else {
            sessions = SessionStore(file: SessionFile(directory: directory), accounts: accounts)
            session = options.guest ? .guest : sessions.restore()
        }
        let route = try startRoute(options, session: session, paths: paths)
        let service = try step(64) { () throws(CatalogError) in try catalogService(options) }

        let screen = try step(2) { () throws(TerminalError) in
            try TerminalScreen.start(options: screenOptions)
        }
        logger.info("started", metadata: ["catalog": "\(service.sourceDescription)", "route": "\(route?.path ?? "-")"])
        let loop = TerminalEventLoop(screen: screen)
        let application = CatalogApplication(screen: screen, clock: loop.clock, service: service, accounts: accounts,
                                             favourites: favouritesStore, sessions: sessions)
        let app = application.app
        let shell = application.shell

        app.onSaveRoute = { session, route in
            let owner: PathStore.Owner = session.account.map { .account(email: $0.email) } ?? .guest
            do {
                try paths.save(route.path, for: owner)
                logger.info("saved path", metadata: ["path": "\(route.path)"])
            } catch {
                logger.error("could not save the path", metadata: ["path": "\(route.path)", "error": "\(error)"])
            }
        }
        let savePath = { app.saveRoute() }
        shell.onQuit = {
            savePath()
            loop.terminate(status: 0)
        }
        if options.served != nil {
            app.onSignedOut = { loop.terminate(status: 0) }
        }
        loop.onKey = { key in shell.handle(key) }
        loop.onTermination = { signal in
            savePath()
            logger.info("ended by signal", metadata: ["signal": "\(signal)"])
        }
        if ProcessInfo.processInfo.environment["CATALOG_TEST_CRASH"] == "1" {
            DispatchQueue.main.async { fatalError("CATALOG_TEST_CRASH=1: crashing after the first paint") }
        }
        application.start(session: session, route: route)
        loop.run()
    }

    /// The account `catalog serve` authenticated; it must still exist.
    private static func servedSession(_ served: ServedIdentity, accounts: AccountStore) throws(LaunchError) -> Session {
        guard case .account(let email) = served else { return .guest }
        guard let account = try? accounts.account(email: email) else {
            throw LaunchError(description: "no account \(email) in this data directory", exitStatus: 1)
        }
        return .signedIn(account)
    }

    /// The route to open: `--open`, else the saved one with `--restore`.
    private static func startRoute(_ options: LaunchOptions, session: Session?, paths: PathStore) throws(LaunchError)
        -> AppRoute?
    {
        if let route = options.open {
            if session != nil, !route.isMainFlow {
                throw LaunchError(description: "--open \(route.path) is for signed-out users; you are signed in "
                                  + "(sign out first, or open one of: home, catalog, catalog/<id>, favourites, account)",
                                  exitStatus: 64)
            }
            return route
        }
        guard options.restore, let session else { return nil }
        let owner: PathStore.Owner = session.account.map { .account(email: $0.email) } ?? .guest
        guard let saved = try? paths.load(for: owner) else { return nil }
        return try? AppRoute(parsing: saved)
    }

    private static func catalogService(_ options: LaunchOptions) throws(CatalogError) -> any CatalogService {
        if let count = options.generate { return GeneratedCatalogService(count: count) }
        if let text = options.catalog { return try CatalogSource.parse(text).makeService(timeout: downloadTimeout) }
        return EmbeddedCatalogService()
    }

    /// The deadline for an http(s) catalogue. `CATALOG_TEST_HTTP_TIMEOUT`
    /// (seconds) shortens it for the end-to-end tests; it is not a user option.
    private static var downloadTimeout: Double {
        let override = ProcessInfo.processInfo.environment["CATALOG_TEST_HTTP_TIMEOUT"].flatMap(Double.init)
        return override.flatMap { $0 > 0 ? $0 : nil } ?? URLCatalogService.defaultTimeout
    }

    /// Runs `body`, turning its error into a `LaunchError` with `status`.
    private static func step<T, E: Error & CustomStringConvertible>(
        _ status: Int32, _ body: () throws(E) -> T
    ) throws(LaunchError) -> T {
        do {
            return try body()
        } catch {
            throw LaunchError(description: error.description, exitStatus: status)
        }
    }
}
