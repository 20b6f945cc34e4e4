// swift-tools-version: 6.1
import PackageDescription

// `notes`, a small second app on Shoji: an in-memory list of notes in two tabs.
let package = Package(
    name: "Notes",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "notes", targets: ["notes"]),
        .executable(name: "notes-serve", targets: ["notes-serve"]),
    ],
    dependencies: [
        .package(name: "Shoji", path: "../.."),
        // Only for notes-serve: the app itself needs nothing but the framework.
        .package(name: "ShojiSSH", path: "../../ShojiSSH"),
    ],
    targets: [
        .target(name: "NotesApp", dependencies: [.product(name: "ShojiAppKit", package: "Shoji")]),
        .executableTarget(name: "notes", dependencies: ["NotesApp", .product(name: "ShojiAppKit", package: "Shoji")]),
        // A server of its own in a few lines: notes over SSH for anyone.
        .executableTarget(name: "notes-serve", dependencies: [.product(name: "ShojiSSH", package: "ShojiSSH")]),
        .testTarget(name: "NotesAppTests",
                    dependencies: ["NotesApp", .product(name: "ShojiTesting", package: "Shoji")]),
    ],
    swiftLanguageModes: [.v6]
)
