import Foundation

/// The folders the end-to-end tests make (each run's data directory, the
/// files that record a terminal's modes), all under one folder of this test
/// process that is removed when the process exits. One folder per test in
/// the temporary directory came to about 40 MB left behind per `make test`.
enum TemporaryFolders {
    /// `catalog-e2e-PID` in the temporary directory, made on first use.
    static let root: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-e2e-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TemporaryFolders.root) }
        return path
    }()

    /// A new empty folder under `root`.
    static func make() -> String {
        let path = root + "/" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
