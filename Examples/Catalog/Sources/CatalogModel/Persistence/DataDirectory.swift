import Foundation

/// The directory holding the app's state: `catalog.sqlite`, `session`,
/// `catalog.log` and the SSH keys. Found and made (mode 0700) by the
/// kit's `AppDataFolder` at launch (`DataDirectory.prepared(override:)` in
/// CatalogApp); this model-side value only names the files in it.
package struct DataDirectory: Sendable, Equatable {
    package let path: String

    /// The directory at `path`, which exists already.
    package init(path: String) { self.path = path }

    package var databasePath: String { file("catalog.sqlite") }
    package var sessionPath: String { file("session") }
    package var logPath: String { file("catalog.log") }

    package func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }
}
