// swift-tools-version: 6.1
import PackageDescription

// `notes`, a small second app on Shoji: an in-memory list of notes in two tabs.
let package = Package(
    name: "Notes",
    platforms: [.macOS(.v14)],
    products: [.executable(name: "notes", targets: ["notes"])],
    dependencies: [.package(name: "Shoji", path: "../..")],
    targets: [
        .target(name: "NotesApp", dependencies: [.product(name: "ShojiAppKit", package: "Shoji")]),
        .executableTarget(name: "notes", dependencies: ["NotesApp", .product(name: "ShojiAppKit", package: "Shoji")]),
        .testTarget(name: "NotesAppTests",
                    dependencies: ["NotesApp", .product(name: "ShojiTesting", package: "Shoji")]),
    ],
    swiftLanguageModes: [.v6]
)
