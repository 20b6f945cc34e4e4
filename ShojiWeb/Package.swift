// swift-tools-version: 6.1
import PackageDescription

// ShojiWeb: serve any terminal app to a browser tab, a process per session
// on its own pseudo-terminal, xterm.js in the page and a WebSocket between.
// A package of its own beside ShojiSSH, so that apps serving neither
// resolve neither. The session layer (AppProcess, ConnectionRegistry,
// SessionLimits, SessionClock, SessionServeOptions) is ShojiSessions, from
// ShojiSSH's package, shared by both transports; the launcher and the
// session's environment are still ShojiSSH's (SessionLauncher).
// Linux only, as ShojiSSH.
let package = Package(
    name: "ShojiWeb",
    products: [
        .library(name: "ShojiWeb", targets: ["ShojiWeb"]),
    ],
    dependencies: [
        .package(name: "Shoji", path: ".."),
        .package(name: "ShojiSSH", path: "../ShojiSSH"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "ShojiWeb",
            dependencies: [
                .product(name: "ShojiCore", package: "Shoji"),
                .product(name: "ShojiSSH", package: "ShojiSSH"),
                .product(name: "ShojiSessions", package: "ShojiSSH"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "ShojiWebTests", dependencies: [
            "ShojiWeb",
            .product(name: "ShojiSSH", package: "ShojiSSH"),
            .product(name: "ShojiSessions", package: "ShojiSSH"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

// `make docs` builds the DocC documentation with swift-docc-plugin, added
// only when SHOJI_DOCS is set, as in the framework's manifest.
if Context.environment["SHOJI_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
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
