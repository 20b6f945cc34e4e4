// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "catalog",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Curses", targets: ["Curses"]),
        .library(name: "Coordination", targets: ["Coordination"]),
        .library(name: "CoordinationTesting", targets: ["CoordinationTesting"]),
        .library(name: "Widgets", targets: ["Widgets"]),
        .library(name: "CatalogApp", targets: ["CatalogApp"]),
        .library(name: "CatalogServer", targets: ["CatalogServer"]),
        .executable(name: "catalog", targets: ["catalog"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
    ],
    targets: [
        // The only C in the project: ncursesw + panelw macros, globals and the
        // fatal-signal restore, as plain functions Swift 6 can call.
        .target(
            name: "CNCurses",
            path: "Modules/CNCurses",
            cSettings: [.define("_GNU_SOURCE"), .define("NCURSES_WIDECHAR", to: "1")],
            linkerSettings: [.linkedLibrary("panelw"), .linkedLibrary("ncursesw"), .linkedLibrary("tinfo")]
        ),
        // Pseudo-terminals and posix_spawn for `catalog serve` (needs _GNU_SOURCE).
        .target(name: "CPseudoTerminal", path: "Modules/CPseudoTerminal", cSettings: [.define("_GNU_SOURCE")]),
        .target(name: "Curses", dependencies: ["CNCurses"]),
        .target(name: "Coordination"),
        .target(name: "CoordinationTesting", dependencies: ["Coordination"]),
        // A seeded generator the fuzzers and randomised tests share, so a failure replays.
        .target(name: "SeededRandom"),
        .target(name: "Widgets", dependencies: ["Curses", "Coordination"]),
        // The reference app as a library, so its services and screens can be tested.
        .target(
            name: "CatalogApp",
            dependencies: [
                "Curses", "Coordination", "Widgets",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/CatalogApp",
            exclude: ["Resources/SCHEMA.md"],
            resources: [.copy("Resources/iphones.json")]
        ),
        // `catalog serve`: one app process per SSH session, each on its own pty.
        .target(
            name: "CatalogServer",
            dependencies: [
                "CatalogApp", "CPseudoTerminal",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "catalog",
            dependencies: [
                "Curses", "CatalogApp", "CatalogServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // In-process micro benchmarks of the hot paths (`make bench`); reports only.
        .executableTarget(
            name: "catalog-microbench",
            dependencies: ["Curses", "Coordination", "Widgets", "CatalogApp"],
            path: "Benchmarks/Micro"
        ),
        .testTarget(name: "CursesTests", dependencies: ["Curses"]),
        .testTarget(name: "CoordinationTests", dependencies: ["Coordination", "CoordinationTesting"]),
        .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "CoordinationTesting", "SeededRandom"]),
        .testTarget(name: "EndToEndTests", dependencies: ["SeededRandom"]),
        .testTarget(name: "CatalogServerTests", dependencies: ["CatalogServer", "CPseudoTerminal"]),
        .testTarget(
            name: "CatalogAppTests",
            dependencies: ["CatalogApp", "CoordinationTesting", "SeededRandom", .product(name: "Logging", package: "swift-log")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
