import Foundation
import Testing
import ShojiAppKit
import ShojiTesting
@testable import NotesApp

/// The picture of the notes app that the README and the articles show,
/// drawn from the app on a headless screen. It fails when the app no longer
/// draws what the picture shows; `make docs` (SHOJI_RECORD_SVG=1) draws it again.
@MainActor
struct NotesPictureTests {
    /// The framework's ShojiTesting documentation catalog, whose Resources hold the pictures.
    nonisolated static let catalog = URL(fileURLWithPath: #filePath)
        .appendingPathComponent("../../../../../Sources/ShojiTesting/ShojiTesting.docc").standardized.path
    nonisolated static let images = catalog + "/Resources"
    /// Only in the Shoji repository: `Scripts/generator-test.sh` runs a copy of an example elsewhere.
    nonisolated static let inRepository = FileManager.default.fileExists(atPath: catalog)

    @Test(.enabled(if: inRepository)) func theListFiltered() async {
        await withScreenHarness(size: CellSize(width: 64, height: 14), title: "notes") { harness in
            harness.start(NotesAppCoordinator(router: harness.router, store: .sample(count: 40)))
            harness.press(.character("/"))
            harness.type("mee")
            #expect(harness.contains("Meeting 2"))
            harness.expectPicture("notes: the list, filtered by \"mee\"", at: Self.images + "/notes.svg")
        }
    }
}
