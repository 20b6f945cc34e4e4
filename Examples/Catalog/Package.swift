// swift-tools-version: 6.1
import PackageDescription

// `catalog`, the reference app built on Shoji, and `catalog serve`, which
// serves it over SSH with ShojiSSH. Its own package, so that the framework's
// users never resolve what only this app needs (GRDB, swift-crypto, ...).
// Linux only, so no macOS version is claimed: `catalog serve` is ShojiSSH
// (Linux only) and finds its own binary through /proc/self/exe (README
// "Platforms").
let package = Package(
    name: "Catalog",
    products: [
        .executable(name: "catalog", targets: ["catalog"]),
    ],
    dependencies: [
        // The framework, by path; named so the product references below do not
        // depend on the folder the repository was cloned into.
        .package(name: "Shoji", path: "../.."),
        .package(name: "ShojiSSH", path: "../../ShojiSSH"),
        // `catalog web`: the same sessions in a browser tab.
        .package(name: "ShojiWeb", path: "../../ShojiWeb"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The PostgreSQL store (`--database postgres://...`), for several servers on one database.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // `--catalog https://...` on the swift-nio the app already links, so
        // that no libcurl (FoundationNetworking's URLSession) is loaded at start.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // The catalogue, its services and the accounts' rules and storage
        // protocols: no curses, no terminal.
        .target(
            name: "CatalogModel",
            dependencies: [
                .product(name: "ShojiCore", package: "Shoji"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                // Its locks: pthread mutexes, which ThreadSanitizer sees
                // even in code it did not instrument (the sanitizers' part
                // of the framework's manifest says why that matters).
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            exclude: ["Resources/SCHEMA.md"],
            resources: [.copy("Resources/iphones.json")]
        ),
        // A catalogue downloaded over http(s) (`--catalog URL`), on
        // AsyncHTTPClient: kept out of CatalogModel so the presenters never
        // reach the network stack.
        .target(
            name: "CatalogDownload",
            dependencies: [
                "CatalogModel",
                .product(name: "ShojiCore", package: "Shoji"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The presenters, their view protocols and routes: no curses reachable
        // from here, so a presenter that tried to draw would not compile.
        .target(
            name: "CatalogPresenters",
            dependencies: [
                "CatalogModel",
                .product(name: "ShojiPresentation", package: "Shoji"),
                .product(name: "ShojiNavigation", package: "Shoji"),
            ]
        ),
        // The catalog's data in SQLite (`catalog.sqlite`): the embedded store,
        // behind the same storage protocols as CatalogPostgres. It writes under
        // the file size limit (ShojiCore's FileSizeLimit).
        .target(
            name: "CatalogSQLite",
            dependencies: [
                "CatalogModel",
                .product(name: "ShojiCore", package: "Shoji"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The app: panel views, coordinators, launch and logging. A library,
        // so its flows and screens can be tested.
        .target(
            name: "CatalogApp",
            dependencies: [
                "CatalogModel", "CatalogPresenters", "CatalogDownload", "CatalogSQLite",
                .product(name: "ShojiCurses", package: "Shoji"),
                .product(name: "ShojiNavigation", package: "Shoji"),
                .product(name: "ShojiPresentation", package: "Shoji"),
                .product(name: "ShojiWidgets", package: "Shoji"),
                .product(name: "ShojiAppKit", package: "Shoji"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // The catalog's data in PostgreSQL, behind the storage protocols CatalogDatabase (SQLite) implements.
        .target(
            name: "CatalogPostgres",
            dependencies: [
                "CatalogModel",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `catalog serve`: the catalog's accounts for ShojiSSH, which does the serving.
        .target(
            name: "CatalogServer",
            dependencies: ["CatalogApp", "CatalogModel", .product(name: "ShojiSSH", package: "ShojiSSH")]
        ),
        .executableTarget(
            name: "catalog",
            dependencies: [
                "CatalogApp", "CatalogModel", "CatalogPresenters", "CatalogServer", "CatalogPostgres", "CatalogSQLite",
                .product(name: "ShojiSSH", package: "ShojiSSH"),
                .product(name: "ShojiWeb", package: "ShojiWeb"),
                .product(name: "ShojiCurses", package: "Shoji"),
                .product(name: "ShojiAppKit", package: "Shoji"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // In-process micro benchmarks of the hot paths (`make bench`); reports only.
        .executableTarget(
            name: "catalog-microbench",
            dependencies: [
                "CatalogApp", "CatalogModel", "CatalogPresenters", "CatalogSQLite",
                .product(name: "ShojiCurses", package: "Shoji"),
                .product(name: "ShojiNavigation", package: "Shoji"),
                .product(name: "ShojiWidgets", package: "Shoji"),
                // The screen harness (without Swift Testing when the runtime is linked statically).
                .product(name: "ShojiTesting", package: "Shoji"),
            ],
            path: "Benchmarks/Micro"
        ),
        .testTarget(
            name: "CatalogAppTests",
            dependencies: ["CatalogApp", "CatalogModel", "CatalogPresenters", "CatalogDownload", "CatalogSQLite",
                           .product(name: "ShojiTesting", package: "Shoji"),
                           .product(name: "Logging", package: "swift-log"), .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "NIOConcurrencyHelpers", package: "swift-nio")]
        ),
        .testTarget(name: "CatalogServerTests", dependencies: ["CatalogServer", "CatalogApp", "CatalogModel", "CatalogSQLite"]),
        // A throwaway PostgreSQL server (initdb and pg_ctl on a temporary folder) for the tests below.
        .target(name: "PostgresTestServer", dependencies: [.product(name: "ShojiEndToEnd", package: "Shoji"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
                path: "Tests/PostgresTestServer"),
        // One contract, two backends: every storage test runs on SQLite and on PostgreSQL.
        .testTarget(name: "CatalogStorageTests", dependencies: ["CatalogApp", "CatalogModel", "CatalogPostgres", "CatalogSQLite", "PostgresTestServer",
                                                                        .product(name: "NIOConcurrencyHelpers", package: "swift-nio")]),
        // The real binaries through tmux and OpenSSH; finds them in this package's build folder.
        .testTarget(name: "EndToEndTests", dependencies: [.product(name: "ShojiEndToEnd", package: "Shoji"), "PostgresTestServer"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz-parsers` builds Fuzz/, a package whose fuzz targets call the
// catalogue's JSON decoder; only with SHOJI_FUZZ set does this package offer
// CatalogModel as a library for it (no app or user of the app ever sees it).
if Context.environment["SHOJI_FUZZ"] != nil {
    package.products.append(.library(name: "CatalogModel", targets: ["CatalogModel"]))
}

// `make sanitize`: this package's own targets under SHOJI_SANITIZE's
// sanitizer, its outside dependencies as `make test` built them (the
// framework's manifest says why).
if let sanitizer = Context.environment["SHOJI_SANITIZE"] {
    let c = sanitizer == "address" ? ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"] : ["-fsanitize=\(sanitizer)"]
    for target in package.targets where [.regular, .executable, .test].contains(target.type) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(c)]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
    }
}
