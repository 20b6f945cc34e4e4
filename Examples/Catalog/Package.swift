// swift-tools-version: 6.1
import PackageDescription

// `catalog`, the reference app built on Shoji, and `catalog serve`, which
// serves it over SSH. Its own package, so that the framework's users never
// resolve what only this app needs (GRDB, swift-crypto, NIO, NIO-SSH, ...).
let package = Package(
    name: "Catalog",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "catalog", targets: ["catalog"]),
    ],
    dependencies: [
        // The framework, by path; named so the product references below do not
        // depend on the folder the repository was cloned into.
        .package(name: "Shoji", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
    ],
    targets: [
        // Pseudo-terminals and posix_spawn for `catalog serve` (needs _GNU_SOURCE).
        .target(name: "CPseudoTerminal", path: "Modules/CPseudoTerminal", cSettings: [.define("_GNU_SOURCE")]),
        // The app as a library, so its services and screens can be tested.
        .target(
            name: "CatalogApp",
            dependencies: [
                .product(name: "ShojiCurses", package: "Shoji"),
                .product(name: "ShojiNavigation", package: "Shoji"),
                .product(name: "ShojiWidgets", package: "Shoji"),
                .product(name: "ShojiAppKit", package: "Shoji"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
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
                "CatalogApp", "CatalogServer",
                .product(name: "ShojiCurses", package: "Shoji"),
                .product(name: "ShojiAppKit", package: "Shoji"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // In-process micro benchmarks of the hot paths (`make bench`); reports only.
        .executableTarget(
            name: "catalog-microbench",
            dependencies: [
                "CatalogApp",
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
            dependencies: ["CatalogApp", .product(name: "ShojiTesting", package: "Shoji"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "CatalogServerTests", dependencies: ["CatalogServer", "CPseudoTerminal"]),
        // The real binaries through tmux and OpenSSH; finds them in this package's build folder.
        .testTarget(name: "EndToEndTests", dependencies: [.product(name: "ShojiTesting", package: "Shoji")]),
    ],
    swiftLanguageModes: [.v6]
)
