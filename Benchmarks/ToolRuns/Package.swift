// swift-tools-version: 6.1
import PackageDescription

// `tool-runs`: the cost of one run of a tool through ShojiTools' `Tool`,
// which Benchmarks/tool_runs.py compares with Benchmarks/Floor/spawn_floor.c
// (`Benchmarks/bench.sh tools`). A package of its own so that the framework's
// manifest carries no benchmark; it depends on the framework by path.
let package = Package(
    name: "ToolRuns",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Shoji", path: "../..")],
    targets: [
        .executableTarget(name: "tool-runs", dependencies: [.product(name: "ShojiTools", package: "Shoji")]),
    ],
    swiftLanguageModes: [.v6]
)
