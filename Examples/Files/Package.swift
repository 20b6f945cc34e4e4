// swift-tools-version: 6.1
import PackageDescription

// `files`, a keyboard-driven file browser on Shoji: a directory per screen on
// the stack, a table of names, sizes and times, previews of text and binary
// files; marks, copies, moves, renames and trashes, each asked first and all
// or nothing. No shell.
let package = Package(
    name: "Files",
    platforms: [.macOS(.v14)],
    products: [.executable(name: "files", targets: ["files"])],
    dependencies: [.package(name: "Shoji", path: "../..")],
    targets: [
        // The model (directory reading, previews), presenters, view protocols
        // and routes: no curses reachable from here, so a presenter that tried
        // to draw would not compile.
        .target(name: "FilesPresenters", dependencies: [.product(name: "ShojiPresentation", package: "Shoji"),
                                                        .product(name: "ShojiNavigation", package: "Shoji")]),
        // The panel views, coordinator and launch: the curses side.
        .target(name: "FilesApp", dependencies: ["FilesPresenters", .product(name: "ShojiAppKit", package: "Shoji")]),
        .executableTarget(name: "files", dependencies: ["FilesApp", .product(name: "ShojiAppKit", package: "Shoji")]),
        .testTarget(name: "FilesAppTests",
                    dependencies: ["FilesApp", "FilesPresenters", .product(name: "ShojiTesting", package: "Shoji")]),
        .testTarget(name: "EndToEndTests", dependencies: [.product(name: "ShojiEndToEnd", package: "Shoji")]),
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz-parsers` builds Fuzz/, a package whose fuzz target decodes file
// names with FilesPresenters' model; only with SHOJI_FUZZ set is it offered.
if Context.environment["SHOJI_FUZZ"] != nil {
    package.products.append(.library(name: "FilesPresenters", targets: ["FilesPresenters"]))
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
