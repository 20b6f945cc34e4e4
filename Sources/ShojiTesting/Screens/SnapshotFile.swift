import Foundation
import ShojiAppKit
#if canImport(Testing)
import Testing
#endif

/// Snapshot files: a screen's text and attribute layer stored under the
/// package's `Tests/__Snapshots__`, recorded when missing, compared otherwise.
///
/// A snapshot named `home` taken in `Tests/AppTests/HomeTests.swift` lives
/// in `Tests/__Snapshots__/AppTests/HomeTests/home.txt`. That folder belongs
/// to no target, so SwiftPM neither warns about the files nor needs an
/// `exclude`, before or after the first recording:
///
///     # 40x6, cursor hidden
///      app › Home
///     Hello
///
///
///
///     Enter done  ? help  q quit
///     --- attributes ---
///     RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR
///
///
///
///
///     B
///
/// The first line gives the size and the cursor (`cursor at X,Y` when it
/// shows); then one line a row, trailing spaces removed; then the attribute
/// layer (`ScreenSnapshot/attributeLines`: `R` reverse, `B` bold, `U`
/// underline, `D` dim, else a colour pair's digit or letter).
///
/// Set `SHOJI_RECORD_SNAPSHOTS=1` to record every snapshot again (the test
/// passes and says so); `SHOJI_RECORD_SNAPSHOTS=never` (for CI) makes a
/// missing snapshot a failure instead of recording it.
public enum SnapshotFile {
    /// What comparing a screen with its file found.
    public enum Outcome: Equatable, Sendable {
        /// The file matches.
        case matched
        /// The file was written (missing, or recording was asked for).
        case recorded(path: String)
        /// The file differs; `diff` is the readable line diff.
        case mismatched(path: String, diff: String)
        /// The file is missing and recording is not allowed.
        case missing(path: String)
    }

    /// How `SHOJI_RECORD_SNAPSHOTS` is set.
    public enum RecordMode: Sendable {
        /// Record missing snapshots, compare the others (the default).
        case missing
        /// Record every snapshot again (`SHOJI_RECORD_SNAPSHOTS=1`).
        case all
        /// Record nothing: a missing snapshot fails (`SHOJI_RECORD_SNAPSHOTS=never`).
        case never

        /// The mode the environment asks for.
        public static var fromEnvironment: RecordMode {
            switch ProcessInfo.processInfo.environment["SHOJI_RECORD_SNAPSHOTS"]?.lowercased() {
            case "1", "true", "yes", "all": .all
            case "never", "0", "no", "false": .never
            default: .missing
            }
        }
    }

    /// The file's text for `snapshot`: a header line, the text, the attributes.
    public static func contents(of snapshot: ScreenSnapshot) -> String {
        let cursor = snapshot.cursor.map { "cursor at \($0.x),\($0.y)" } ?? "cursor hidden"
        let header = "# \(snapshot.size), \(cursor)"
        return ([header] + snapshot.lines + ["--- attributes ---"] + snapshot.attributeLines)
            .joined(separator: "\n") + "\n"
    }

    /// Where the snapshot `name` of the test file at `filePath` is stored:
    /// `Tests/__Snapshots__/<the file's path below Tests, without .swift>/<name>.txt`
    /// (`Tests/AppTests/Home/HomeTests.swift` gives
    /// `Tests/__Snapshots__/AppTests/Home/HomeTests/<name>.txt`). A test file
    /// outside any `Tests` folder keeps them beside itself, in `__Snapshots__`.
    public static func path(named name: String, filePath: String) -> String {
        let components = URL(fileURLWithPath: filePath).deletingPathExtension().pathComponents
        guard let tests = components.lastIndex(of: "Tests"), tests + 2 < components.count else {
            let file = URL(fileURLWithPath: filePath)
            return file.deletingLastPathComponent()
                .appendingPathComponent("__Snapshots__")
                .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
                .appendingPathComponent(name + ".txt").path
        }
        var path = URL(fileURLWithPath: "/")
        for component in components[1...tests] { path.appendPathComponent(component) }
        path.appendPathComponent("__Snapshots__")
        for component in components[(tests + 1)...] { path.appendPathComponent(component) }
        return path.appendingPathComponent(name + ".txt").path
    }

    /// Compares `actual` with the file at `path`, recording it as `mode` says.
    public static func verify(_ actual: String, at path: String, mode: RecordMode = .fromEnvironment) -> Outcome {
        let existing = try? String(contentsOfFile: path, encoding: .utf8)
        if mode == .all || (existing == nil && mode == .missing) {
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try actual.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                return .mismatched(path: path, diff: "could not record the snapshot: \(error)")
            }
            return .recorded(path: path)
        }
        guard let existing else { return .missing(path: path) }
        if existing == actual { return .matched }
        return .mismatched(path: path, diff: lineDiff(expected: existing, actual: actual))
    }

    /// A line diff for people: `-` lines are the recorded file's, `+` lines
    /// the screen's now, each with its line number in the file; up to two
    /// unchanged lines of context around each change, `…` for the rest.
    public static func lineDiff(expected: String, actual: String, context: Int = 2) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Longest common subsequence, from the end.
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        enum Line { case same(Int, String), removed(Int, String), added(Int, String) }
        var script: [Line] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                script.append(.same(i + 1, old[i])); i += 1; j += 1
            } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
                script.append(.removed(i + 1, old[i])); i += 1
            } else {
                script.append(.added(j + 1, new[j])); j += 1
            }
        }
        let changed = script.indices.filter { if case .same = script[$0] { false } else { true } }
        var shown = Set<Int>()
        for index in changed { shown.formUnion(max(0, index - context)...min(script.count - 1, index + context)) }
        var output: [String] = []
        var skipped = false
        for (index, line) in script.enumerated() {
            guard shown.contains(index) else {
                if !skipped { output.append("…") }
                skipped = true
                continue
            }
            skipped = false
            switch line {
            case .same(let number, let text): output.append("  \(pad(number))│\(text)")
            case .removed(let number, let text): output.append("- \(pad(number))│\(text)")
            case .added(let number, let text): output.append("+ \(pad(number))│\(text)")
            }
        }
        return output.joined(separator: "\n")
    }

    private static func pad(_ number: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, 3 - text.count)) + text
    }
}

extension ScreenHarness {
    /// Compares the screen now with the snapshot file `name` beside the
    /// calling test file (see ``SnapshotFile``), recording it when missing.
    /// Returns the outcome; does not report anything (for XCTest, or to
    /// assert on the diff).
    public func verifySnapshot(_ name: String, filePath: String = #filePath,
                               mode: SnapshotFile.RecordMode = .fromEnvironment) -> SnapshotFile.Outcome
    {
        SnapshotFile.verify(SnapshotFile.contents(of: snapshot()),
                            at: SnapshotFile.path(named: name, filePath: filePath), mode: mode)
    }

    #if canImport(Testing)
    /// Compares the screen now with the snapshot file `name` beside the
    /// calling test file, recording it when missing, and records an issue
    /// with a line diff at the caller when it differs. XCTest: use
    /// ``verifySnapshot(_:filePath:mode:)`` and `XCTFail` its diff.
    @discardableResult
    public func expectSnapshot(_ name: String, fileID: String = #fileID, filePath: String = #filePath,
                               line: Int = #line, column: Int = #column) -> SnapshotFile.Outcome
    {
        let sourceLocation = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let outcome = verifySnapshot(name, filePath: filePath)
        switch outcome {
        case .matched: break
        case .recorded(let path): print("recorded snapshot \(path)")
        case .missing(let path):
            Issue.record("snapshot \"\(name)\" is missing: \(path) (SHOJI_RECORD_SNAPSHOTS=never)",
                         sourceLocation: sourceLocation)
        case .mismatched(let path, let diff):
            Issue.record("""
                snapshot "\(name)" differs from \(path) (- recorded, + now; \
                SHOJI_RECORD_SNAPSHOTS=1 records it again):
                \(diff)
                """, sourceLocation: sourceLocation)
        }
        return outcome
    }
    #endif
}
