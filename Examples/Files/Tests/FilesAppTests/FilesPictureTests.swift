import Foundation
import Testing
import ShojiAppKit
import ShojiTesting
@testable import FilesApp
@testable import FilesPresenters

/// The picture of the file browser that the README and the articles show,
/// drawn from the app on a headless screen. It fails when the app no longer
/// draws what the picture shows; `make docs` (SHOJI_RECORD_SVG=1) draws it again.
@MainActor
struct FilesPictureTests {
    /// The framework's ShojiAppKit documentation catalog, whose Resources hold the pictures.
    nonisolated static let catalog = URL(fileURLWithPath: #filePath)
        .appendingPathComponent("../../../../../Sources/ShojiAppKit/ShojiAppKit.docc").standardized.path
    nonisolated static let images = catalog + "/Resources"
    /// Only in the Shoji repository: `Scripts/generator-test.sh` runs a copy of an example elsewhere.
    nonisolated static let inRepository = FileManager.default.fileExists(atPath: catalog)

    @Test(.enabled(if: inRepository)) func aDirectoryOfPhotos() async {
        // Modification times are drawn in local time: fix the zone so the picture is the same everywhere.
        let zone = ProcessInfo.processInfo.environment["TZ"]
        setenv("TZ", "UTC", 1)
        tzset()
        defer {
            if let zone { setenv("TZ", zone, 1) } else { unsetenv("TZ") }
            tzset()
        }
        let root = BytePath("/srv/data")
        let loader = ImmediateLoader()
        loader.listings[root] = [entry("photos", .directory, modified: 1_795_197_720)]
        loader.listings[BytePath("/srv/data/photos")] = [
            entry("2024", .directory, modified: 1_795_197_720),
            entry("raw", .symlink(target: .directory), modified: 1_793_610_780),
            entry("cover.png", size: 1_258_291, modified: 1_795_197_780),
            entry("index.txt", size: 812, modified: 1_795_246_800),
            entry("notes-漢字.md", size: 4_096, modified: 1_795_345_500),
        ]
        await withScreenHarness(size: CellSize(width: 80, height: 11), title: "files") { harness in
            harness.start(FilesCoordinator(router: harness.router, root: root, loader: loader))
            harness.press(.enter, .down, .down)
            #expect(harness.lines[0] == " files › /srv/data › photos")
            #expect(harness.contains("notes-漢字.md"))
            harness.expectSnapshot("a-directory-of-photos")
            harness.expectPicture("files: a directory of photos", at: Self.images + "/files.svg")
        }
    }
}
