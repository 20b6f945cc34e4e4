import Foundation
import PackagePlugin

/// Where a new screen's files go: the presenters target (no curses), the app
/// target that draws (it depends on the presenters target) and the tests.
struct ScreenTargets {
    let presenters: SwiftSourceModuleTarget
    let app: SwiftSourceModuleTarget
    /// The test target's folder; it may have no file yet.
    let testsFolder: URL?

    init(package: Package, presenters presentersName: String?, app appName: String?, tests testsName: String?) throws {
        let sources = package.targets.compactMap { $0 as? SwiftSourceModuleTarget }.filter { $0.kind != .test }
        if let presentersName {
            guard let found = sources.first(where: { $0.name == presentersName }) else {
                throw Failure("no Swift target named \(presentersName) in \(package.displayName)")
            }
            presenters = found
        } else {
            let candidates = sources.filter { $0.name.hasSuffix("Presenters") }
            guard candidates.count == 1, let only = candidates.first else {
                throw Failure(candidates.isEmpty
                    ? "no presenters target: add a target named <App>Presenters that depends on ShojiPresentation and ShojiNavigation only, and make your app's target depend on it (see \"Where things go\"), or name one with --presenters <Target>"
                    : "several presenters targets (\(candidates.map(\.name).joined(separator: ", "))): name one with --presenters <Target>")
            }
            presenters = only
        }
        let presentersName = presenters.name
        if let appName {
            guard let found = sources.first(where: { $0.name == appName }) else {
                throw Failure("no Swift target named \(appName) in \(package.displayName)")
            }
            app = found
        } else {
            // The app's library when it has one beside its executable (as the
            // examples do, so tests can import it), else the executable.
            var dependents = sources.filter { $0.dependsOn(presentersName) }
            if dependents.count > 1 { dependents = dependents.filter { $0.kind == .generic } }
            guard dependents.count == 1, let only = dependents.first else {
                throw Failure(dependents.isEmpty
                    ? "no target depends on \(presentersName): the screen's panel view goes in your app's target, which depends on it; name it with --target <Target>"
                    : "say which target gets the panel view: --target <Target> (targets that depend on \(presentersName): \(dependents.map(\.name).joined(separator: ", ")))")
            }
            app = only
        }
        testsFolder = try Self.testsFolder(package: package, named: testsName, app: app.name, presenters: presentersName)
    }

    /// The test target named `name`, else `<App>Tests`, else one that depends
    /// on the app or presenters target. A test target with no file yet is
    /// not in SwiftPM's list (it warns that the target has no sources), so
    /// one the manifest declares is taken at `Tests/<name>`, and the files
    /// written there are its first.
    private static func testsFolder(package: Package, named name: String?, app: String, presenters: String) throws -> URL? {
        let tests = package.targets.compactMap { $0 as? SwiftSourceModuleTarget }.filter { $0.kind == .test }
        let manifest = (try? String(contentsOf: package.directoryURL.appending(path: "Package.swift"), encoding: .utf8)) ?? ""
        func declared(_ candidate: String) -> URL? {
            manifest.contains("testTarget(name: \"\(candidate)\"")
                ? package.directoryURL.appending(path: "Tests").appending(path: candidate) : nil
        }
        if let name {
            guard let found = tests.first(where: { $0.name == name })?.directoryURL ?? declared(name) else {
                throw Failure("no test target named \(name) in \(package.displayName)")
            }
            return found
        }
        return tests.first { $0.name == app + "Tests" }?.directoryURL
            ?? tests.first { $0.dependsOn(app) }?.directoryURL
            ?? tests.first { $0.dependsOn(presenters) }?.directoryURL
            ?? declared(app + "Tests")
    }
}

extension SwiftSourceModuleTarget {
    /// Whether the target lists `name` among its own dependencies.
    func dependsOn(_ name: String) -> Bool {
        dependencies.contains { dependency in
            if case .target(let target) = dependency { target.name == name } else { false }
        }
    }
}
