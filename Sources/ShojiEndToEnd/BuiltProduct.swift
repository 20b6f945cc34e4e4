import Foundation

/// Finds an executable product of the package under test, for end-to-end
/// tests that run the real binary: `swift build --build-tests` puts it in the
/// same folder as the test bundle, whatever the scratch path or
/// configuration, so tests never guess at `.build/debug`.
public enum BuiltProduct {
    /// The path of the executable `name`: beside the test bundle (or a few
    /// folders up, for a bundle layout), else `.build/debug/<name>` under the
    /// current directory (where `swift test` runs).
    public static func path(named name: String) -> String {
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
        return FileManager.default.currentDirectoryPath + "/.build/debug/\(name)"
    }
}
