import Foundation
import ShojiAppKit
#if canImport(Testing)
import Testing
#endif

/// Pictures for documentation, made by tests: a screen drawn as SVG
/// (``SnapshotSVG``) and kept in a file the documentation shows.
///
/// A picture test compares the screen with its file, as a snapshot test
/// does, so a screen that changes fails the test until the picture is made
/// again: documentation cannot show a screen the app no longer draws.
/// `SHOJI_RECORD_SVG=1` writes every picture again (the framework's
/// `make docs` sets it); `SHOJI_RECORD_SVG=never` makes a missing picture
/// a failure; otherwise a missing picture is written.
public enum SnapshotPicture {
    /// How `SHOJI_RECORD_SVG` is set, as a snapshot file's record mode.
    public static var recordMode: SnapshotFile.RecordMode {
        switch ProcessInfo.processInfo.environment["SHOJI_RECORD_SVG"]?.lowercased() {
        case "1", "true", "yes", "all": .all
        case "never", "0", "no", "false": .never
        default: .missing
        }
    }

    /// Compares `snapshot`, drawn as SVG, with the file at `path`,
    /// writing it as `mode` says.
    @MainActor
    public static func verify(_ snapshot: ScreenSnapshot, title: String, at path: String,
                              mode: SnapshotFile.RecordMode = recordMode) -> SnapshotFile.Outcome
    {
        SnapshotFile.verify(SnapshotSVG.render(snapshot, title: title), at: path, mode: mode)
    }
}

extension ScreenHarness {
    #if canImport(Testing)
    /// Compares the screen now, drawn as SVG, with the picture at `path`
    /// (see ``SnapshotPicture``) and records an issue at the caller when it
    /// differs or is missing where it must not be.
    @discardableResult
    public func expectPicture(_ title: String, at path: String, fileID: String = #fileID, filePath: String = #filePath,
                              line: Int = #line, column: Int = #column) -> SnapshotFile.Outcome
    {
        let sourceLocation = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let outcome = SnapshotPicture.verify(snapshot(), title: title, at: path)
        switch outcome {
        case .matched: break
        case .recorded(let path): print("recorded picture \(path)")
        case .missing(let path):
            Issue.record("picture \"\(title)\" is missing: \(path) (SHOJI_RECORD_SVG=never)", sourceLocation: sourceLocation)
        case .mismatched(let path, let diff):
            Issue.record("""
                picture "\(title)" differs from \(path) (- recorded, + now; \
                SHOJI_RECORD_SVG=1, or `make docs`, draws it again):
                \(diff)
                """, sourceLocation: sourceLocation)
        }
        return outcome
    }
    #endif
}
