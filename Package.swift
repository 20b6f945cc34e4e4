// swift-tools-version: 6.1
import PackageDescription

// Shoji: full-screen terminal apps in the MVP+C pattern (Model-View-Presenter
// plus Coordinators) on ncurses. The framework alone: it depends on the system's
// ncurses (ncursesw and panelw on Linux, the SDK's ncurses and panel on macOS)
// and on one package, swift-argument-parser (itself without dependencies), for
// the launcher's command line: an app that depends on Shoji resolves that and
// nothing more.
// It builds on Linux and, through the portable path that `make test-portable`
// tests on Linux, on macOS (see README "Platforms"). The reference apps live
// in Examples/, each its own package depending on this one by path.
let package = Package(
    name: "Shoji",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ShojiCore", targets: ["ShojiCore"]),
        .library(name: "ShojiCurses", targets: ["ShojiCurses"]),
        .library(name: "ShojiNavigation", targets: ["ShojiNavigation"]),
        .library(name: "ShojiPresentation", targets: ["ShojiPresentation"]),
        .library(name: "ShojiWidgets", targets: ["ShojiWidgets"]),
        .library(name: "ShojiTools", targets: ["ShojiTools"]),
        .library(name: "ShojiAppKit", targets: ["ShojiAppKit"]),
        .library(name: "ShojiTesting", targets: ["ShojiTesting"]),
        .library(name: "ShojiEndToEnd", targets: ["ShojiEndToEnd"]),
        // `swift package --allow-writing-to-package-directory new-screen Settings`
        // in a package that depends on Shoji: a screen module and its tests.
        .plugin(name: "new-screen", targets: ["NewScreen"]),
    ],
    dependencies: [
        // The command line of every app: the kit's options as a group an
        // app's own command includes. Only ShojiAppKit uses it.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The only C in the framework: ncursesw + panelw macros, globals and the
        // fatal-signal restore, as plain functions Swift 6 can call. What only
        // Linux has sits in its platform.c, with the POSIX fallback macOS takes.
        .target(
            name: "CShojiCurses",
            path: "Modules/CShojiCurses",
            cSettings: [.define("_GNU_SOURCE"), .define("NCURSES_WIDECHAR", to: "1")],
            linkerSettings: [
                // Debian's wide-character ncurses: three libraries.
                .linkedLibrary("panelw", .when(platforms: [.linux])),
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                .linkedLibrary("tinfo", .when(platforms: [.linux])),
                // The macOS SDK's: wide characters are in plain ncurses.
                .linkedLibrary("panel", .when(platforms: [.macOS])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]
        ),
        // Below every layer, and what ShojiSSH shares with the framework:
        // escaping outside text for stderr and logs, a count of work done
        // without words, writes that may pass the file size limit. An app's
        // model imports this, not the presentation layer.
        .target(name: "ShojiCore"),
        // Other programs run in the background and their output read, off
        // the event loop (`Tool`): no curses, so an app's models and
        // coordinators can run `git` without reaching the terminal.
        .target(name: "ShojiTools", dependencies: ["ShojiCore"]),
        // Terminal layer: screen lifecycle, panels, drawing, keys, colours, the event loop.
        .target(name: "ShojiCurses", dependencies: ["CShojiCurses"]),
        // Pure Swift navigation: coordinators, the router's stack model, tabs, route paths.
        .target(name: "ShojiNavigation"),
        // Pure Swift, no curses: the values presenters hand to views (rows,
        // columns, fields, queries, alerts, progress). An app's presenters and
        // view protocols import only this and ShojiNavigation, from a target
        // that cannot reach curses, so the compiler keeps them from drawing.
        .target(name: "ShojiPresentation", dependencies: ["ShojiCore"]),
        // Passive-view building blocks drawn as panels, key bindings, the navigation host.
        .target(name: "ShojiWidgets", dependencies: ["ShojiCurses", "ShojiNavigation", "ShojiPresentation"]),
        // What every app needs: frame, key order, help, alerts, palette, launcher.
        .target(name: "ShojiAppKit", dependencies: [
            "ShojiCurses", "ShojiNavigation", "ShojiPresentation", "ShojiWidgets", "ShojiTools",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // For users' end-to-end tests: the built binary, processes in the
        // background, a tmux terminal of the test's own. Foundation only, so a
        // test target that only spawns processes links none of the app kit.
        .target(name: "ShojiEndToEnd", dependencies: ["ShojiCore"]),
        // For users' test targets: the screen harness and snapshot files, and the
        // test doubles (MockRouter, LeakTracker, a seeded generator); re-exports
        // ShojiEndToEnd.
        .target(name: "ShojiTesting", dependencies: ["ShojiNavigation", "ShojiAppKit", "ShojiEndToEnd"]),
        // The screen generator (a command plugin; see README "Adding a screen").
        .plugin(
            name: "NewScreen",
            capability: .command(
                intent: .custom(verb: "new-screen",
                                description: "Writes a screen module (View, Presenter, PanelView, Output) and its tests"),
                permissions: [.writeToPackageDirectory(reason: "new-screen writes the screen's files into your target and test target")]
            )
        ),
        .testTarget(name: "ShojiCoreTests", dependencies: ["ShojiCore"]),
        .testTarget(name: "ShojiCursesTests", dependencies: ["ShojiCurses"]),
        // The tests' app for a run still going when the app exits: it starts
        // `sleep 60` through `Tool` and exits; built only for ShojiToolsTests.
        .executableTarget(name: "ToolQuitProbe", dependencies: ["ShojiTools"], path: "Tests/ToolQuitProbe"),
        .testTarget(name: "ShojiToolsTests", dependencies: ["ShojiTools", "ShojiEndToEnd", "ToolQuitProbe"]),
        .testTarget(name: "ShojiPresentationTests", dependencies: ["ShojiPresentation", "ShojiTesting"]),
        .testTarget(name: "ShojiNavigationTests", dependencies: ["ShojiNavigation", "ShojiTesting"]),
        .testTarget(name: "ShojiWidgetsTests", dependencies: ["ShojiWidgets", "ShojiTesting"]),
        .testTarget(name: "ShojiAppKitTests", dependencies: ["ShojiAppKit", "ShojiTesting"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make docs` builds the DocC documentation with swift-docc-plugin. The plugin
// is added only when SHOJI_DOCS is set, so an app that depends on Shoji never
// resolves it (nor swift-docc-symbolkit).
if Context.environment["SHOJI_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}

// `make sanitize` (Scripts/sanitize.sh) sets SHOJI_SANITIZE to address or
// thread: the project's own targets are built with that sanitizer, and the
// packages it depends on from outside are not, so their debug builds from
// `make test` are used as they are instead of compiling the servers' and
// the catalog's dependencies again (most of a sanitizer run's time). Every
// manifest of the repository has these lines; the sanitizer's runtime is
// linked into every test binary.
if let sanitizer = Context.environment["SHOJI_SANITIZE"] {
    let c = sanitizer == "address" ? ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"] : ["-fsanitize=\(sanitizer)"]
    for target in package.targets where [.regular, .executable, .test].contains(target.type) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(c)]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
    }
}
