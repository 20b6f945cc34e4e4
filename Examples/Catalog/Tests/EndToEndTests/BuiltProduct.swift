import Foundation

/// Finds an executable product of this package: `swift build --build-tests`
/// puts it in the same folder as the test bundle, whatever the scratch path or
/// configuration, so the tests never guess at `.build/debug`.
enum BuiltProduct {
    static func path(named name: String) -> String {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        // On Linux the runner is `<bin>/<Package>PackageTests.xctest`; with a
        // bundle layout it is deeper (`.../X.xctest/Contents/MacOS/X`).
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return package.appendingPathComponent(".build/debug/\(name)").path
    }
}
