import CatalogModel
import Foundation
import ShojiAppKit

extension DataDirectory {
    /// The catalog's data directory, the kit's `AppDataFolder` for
    /// `catalog`: `--data-dir` (`override`), else `$XDG_DATA_HOME/catalog`
    /// or `~/.local/share/catalog` (Application Support on macOS), made
    /// with mode 0700 when missing. Fails with one line and status 1.
    package static func prepared(override: String?,
                                 environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(LaunchError) -> DataDirectory
    {
        DataDirectory(path: try AppDataFolder(appName: "catalog", override: override, environment: environment).path)
    }
}
