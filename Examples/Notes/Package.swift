// swift-tools-version: 6.1
import PackageDescription

// `notes`, a small second app on Shoji: a list of notes (saved in notes.json) in two tabs.
//
// `notes-serve`, the app over SSH, needs ShojiSSH, which builds on Linux only
// (its pty and posix_spawn shim; README "Platforms"). On macOS, and with
// SHOJI_PORTABLE set (`make test-portable` builds what a Mac builds), the
// package is the app alone.
#if os(Linux)
let servesOverSSH = Context.environment["SHOJI_PORTABLE"] == nil
#else
let servesOverSSH = false
#endif

let package = Package(
    name: "Notes",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "notes", targets: ["notes"]),
    ],
    dependencies: [
        .package(name: "Shoji", path: "../.."),
    ],
    targets: [
        // The model, presenters, view protocols and routes: no curses reachable
        // from here, so a presenter that tried to draw would not compile.
        .target(name: "NotesPresenters", dependencies: [.product(name: "ShojiPresentation", package: "Shoji"),
                                                        .product(name: "ShojiNavigation", package: "Shoji")]),
        // The panel views, coordinators and launch: the curses side.
        .target(name: "NotesApp", dependencies: ["NotesPresenters", .product(name: "ShojiAppKit", package: "Shoji")]),
        .executableTarget(name: "notes", dependencies: ["NotesApp", "NotesPresenters", .product(name: "ShojiAppKit", package: "Shoji")]),
        .testTarget(name: "NotesAppTests",
                    dependencies: ["NotesApp", "NotesPresenters", .product(name: "ShojiTesting", package: "Shoji")],
                    exclude: servesOverSSH ? [] : ["ServedNotesTests.swift"]),
    ],
    swiftLanguageModes: [.v6]
)

if servesOverSSH {
    package.products.append(.executable(name: "notes-serve", targets: ["notes-serve"]))
    package.dependencies.append(.package(name: "ShojiSSH", path: "../../ShojiSSH"))
    package.targets.append(.executableTarget(name: "notes-serve",
                                             dependencies: [.product(name: "ShojiSSH", package: "ShojiSSH")]))
    // `notes-web`: the same demo in a browser tab.
    package.products.append(.executable(name: "notes-web", targets: ["notes-web"]))
    package.dependencies.append(.package(name: "ShojiWeb", path: "../../ShojiWeb"))
    package.targets.append(.executableTarget(name: "notes-web",
                                             dependencies: [.product(name: "ShojiWeb", package: "ShojiWeb")]))
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
