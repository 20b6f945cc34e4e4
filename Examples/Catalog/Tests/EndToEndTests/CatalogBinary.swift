import Foundation
import ShojiEndToEnd

/// The `catalog` binary of the build that built these tests: it sits beside
/// the test bundle (`.build/debug/`, or whatever `--scratch-path` and
/// configuration were used). `CATALOG_BIN` overrides it.
enum CatalogBinary {
    static var path: String {
        if let path = ProcessInfo.processInfo.environment["CATALOG_BIN"] { return path }
        return BuiltProduct.path(named: "catalog")
    }

    /// A fresh data directory per test run, so tests never touch the user's.
    static let dataDirectory = TemporaryFolders.make()

    /// The app as a guest on its embedded catalogue, in its own data directory.
    static var guestCommand: String { "\(path) --data-dir \(dataDirectory) --guest" }
}
