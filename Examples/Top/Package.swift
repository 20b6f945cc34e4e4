// swift-tools-version: 6.1
import PackageDescription

// `top`, a process monitor on Shoji: the system's CPUs, memory and load from
// /proc, the processes in a sortable, filterable table (or a tree), the
// selected one's detail beside it, and a sheet to send it a signal.
//
// `top-serve`, the monitor over SSH, needs ShojiSSH, which builds on Linux
// only (its pty and posix_spawn shim); with SHOJI_PORTABLE set (what a Mac
// builds) the package is the app alone, as Notes does.
#if os(Linux)
let servesOverSSH = Context.environment["SHOJI_PORTABLE"] == nil
#else
let servesOverSSH = false
#endif

let package = Package(
    name: "Top",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "top", targets: ["top"]),
    ],
    dependencies: [
        .package(name: "Shoji", path: "../.."),
    ],
    targets: [
        // The /proc model, presenters, view protocols and routes: no curses
        // reachable from here, so a presenter that tried to draw would not compile.
        .target(name: "TopPresenters", dependencies: [.product(name: "ShojiPresentation", package: "Shoji"),
                                                      .product(name: "ShojiNavigation", package: "Shoji")]),
        // The panel views, coordinators and launch: the curses side.
        .target(name: "TopApp", dependencies: ["TopPresenters", .product(name: "ShojiAppKit", package: "Shoji")]),
        .executableTarget(name: "top", dependencies: ["TopApp", .product(name: "ShojiAppKit", package: "Shoji")]),
        .testTarget(name: "TopAppTests",
                    dependencies: ["TopApp", "TopPresenters", .product(name: "ShojiTesting", package: "Shoji")]),
        .testTarget(name: "EndToEndTests", dependencies: [.product(name: "ShojiEndToEnd", package: "Shoji")],
                    exclude: servesOverSSH ? [] : ["ServedTopTests.swift"]),
    ],
    swiftLanguageModes: [.v6]
)

if servesOverSSH {
    package.products.append(.executable(name: "top-serve", targets: ["top-serve"]))
    package.dependencies.append(.package(name: "ShojiSSH", path: "../../ShojiSSH"))
    package.targets.append(.executableTarget(name: "top-serve",
                                             dependencies: [.product(name: "ShojiSSH", package: "ShojiSSH")]))
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
