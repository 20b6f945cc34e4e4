// swift-tools-version: 6.1
import PackageDescription

// Coverage-guided fuzz targets (libFuzzer, under AddressSanitizer) for every
// parser that reads bytes from outside. A package of its own, so that no user
// of Shoji, ShojiSSH or the examples ever builds it; `make fuzz-parsers`
// builds it with `-sanitize=fuzzer,address` and SHOJI_FUZZ set, which makes
// the examples offer their app libraries to it. Debug builds are compiled
// with testing enabled, so the targets reach internal parsers with
// `@testable import`.
// Linux only, so no macOS version is claimed: it fuzzes the catalog (Linux
// only) and needs a toolchain with libFuzzer (Xcode's has none).
let package = Package(
    name: "ShojiFuzz",
    dependencies: [
        .package(name: "Shoji", path: ".."),
        .package(name: "ShojiSSH", path: "../ShojiSSH"),
        .package(name: "Catalog", path: "../Examples/Catalog"),
        .package(name: "Files", path: "../Examples/Files"),
    ],
    targets: [
        // LLVMFuzzerRunDriver's entry point, shared by every target.
        .target(name: "FuzzDriver", path: "Support"),
        .executableTarget(
            name: "fuzz-keys",
            dependencies: ["FuzzDriver", .product(name: "ShojiCurses", package: "Shoji")],
            path: "Targets/keys"
        ),
        .executableTarget(
            name: "fuzz-json",
            dependencies: ["FuzzDriver", .product(name: "CatalogModel", package: "Catalog")],
            path: "Targets/json"
        ),
        .executableTarget(
            name: "fuzz-authorized-keys",
            dependencies: ["FuzzDriver", .product(name: "ShojiSSH", package: "ShojiSSH")],
            path: "Targets/authorized-keys"
        ),
        .executableTarget(
            name: "fuzz-private-key",
            dependencies: ["FuzzDriver", .product(name: "ShojiSSH", package: "ShojiSSH")],
            path: "Targets/private-key"
        ),
        .executableTarget(
            name: "fuzz-file-names",
            dependencies: ["FuzzDriver", .product(name: "FilesPresenters", package: "Files")],
            path: "Targets/file-names"
        ),
    ],
    swiftLanguageModes: [.v6]
)
