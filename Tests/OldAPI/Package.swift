// swift-tools-version: 6.1
import PackageDescription

// Apps written against Shoji before 0.1.0's renames, kept as they were: CI
// builds them (`make old-api-check`) to prove that every renamed API still
// compiles, through its deprecated alias, for one minor release
// (CONTRIBUTING.md, "Deprecation"). Deprecation warnings are expected here
// and allowed here only (Scripts/no-warnings.py). `old-api-checks` runs what
// the old code relies on and exits 1 when it no longer happens.
let package = Package(
    name: "OldAPI",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "monitor", targets: ["monitor"]),
        .executable(name: "contacts", targets: ["contacts"]),
        .executable(name: "old-api-checks", targets: ["old-api-checks"]),
    ],
    dependencies: [
        .package(name: "Shoji", path: "../.."),
    ],
    targets: [
        // A process monitor: a list, the kit's options in its own command.
        .executableTarget(name: "monitor", dependencies: [.product(name: "ShojiAppKit", package: "Shoji")]),
        // A contacts app: a list and its detail in a split.
        .executableTarget(name: "contacts", dependencies: [.product(name: "ShojiAppKit", package: "Shoji")]),
        // The old names' behaviour, checked without a terminal.
        .executableTarget(name: "old-api-checks", dependencies: [.product(name: "ShojiAppKit", package: "Shoji"),
                                                                 .product(name: "ShojiTesting", package: "Shoji")]),
    ],
    swiftLanguageModes: [.v6]
)
