// swift-tools-version: 6.1
import PackageDescription

// ShojiSSH: serve any terminal app over SSH, a process per session on its own
// pseudo-terminal. A package of its own so that the framework's users who do
// not serve over SSH never resolve swift-nio-ssh and what it brings.
// ShojiSessions, its second library, is the session layer every transport
// shares (ShojiWeb's too): the process per session on a pty and the limits,
// with neither swift-nio-ssh nor swift-crypto.
// Linux only, so no macOS version is claimed: its pty and spawn shim uses
// posix_spawn_file_actions_addclosefrom_np (glibc 2.34) and
// POSIX_SPAWN_SETSID, which macOS's posix_spawn lacks or spells
// differently (README "Platforms").
let package = Package(
    name: "ShojiSSH",
    products: [
        .library(name: "ShojiSSH", targets: ["ShojiSSH"]),
        .library(name: "ShojiSessions", targets: ["ShojiSessions"]),
    ],
    dependencies: [
        // The framework's package, for ShojiCore alone (escaping what a
        // client sent before it reaches a log line): nothing of the terminal.
        .package(name: "Shoji", path: ".."),
        // `SSHServeOptions`, the ready-made command line of an app's server;
        // the framework's apps parse theirs with it already.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
    ],
    targets: [
        // Pseudo-terminals and posix_spawn of a session's app in its own
        // session (never fork a multi-threaded server); needs _GNU_SOURCE.
        .target(name: "CShojiPseudoTerminal", path: "Modules/CShojiPseudoTerminal", cSettings: [.define("_GNU_SOURCE")]),
        // The session layer of every transport: a process per session on its
        // own pty, the limits (total, per address, pending connections, idle,
        // input grace), the registry that counts them, their command line.
        .target(
            name: "ShojiSessions",
            dependencies: [
                "CShojiPseudoTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ShojiSSH",
            dependencies: [
                "CShojiPseudoTerminal",
                "ShojiSessions",
                .product(name: "ShojiCore", package: "Shoji"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The tests' app for session templates (SessionTemplateTests).
        .executableTarget(name: "SessionTemplateApp", dependencies: ["ShojiSSH"], path: "Tests/SessionTemplateApp"),
        .testTarget(name: "ShojiSSHTests", dependencies: [
            "ShojiSSH", "ShojiSessions", "CShojiPseudoTerminal", "SessionTemplateApp",
            .product(name: "ShojiEndToEnd", package: "Shoji"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "NIOSSH", package: "swift-nio-ssh"),
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
