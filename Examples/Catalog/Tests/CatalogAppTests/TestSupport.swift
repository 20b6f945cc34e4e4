import Foundation
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

/// A fresh directory under /tmp, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "catalog-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// Writes `contents` to `name` and returns its path.
    func write(_ name: String, _ contents: String) throws -> String {
        try write(name, Data(contents.utf8))
    }

    func write(_ name: String, _ data: Data) throws -> String {
        let path = file(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Decodes `json` as if it were the file `source`.
func decodeCatalog(_ json: String, source: String = "test.json") throws(CatalogError) -> Catalog {
    try CatalogDecoder.decode(Data(json.utf8), source: source)
}

/// The error `json` gives, or nil if it loads.
func catalogError(_ json: String, source: String = "test.json") -> CatalogError? {
    do {
        _ = try decodeCatalog(json, source: source)
        return nil
    } catch {
        return error
    }
}

extension CatalogItem {
    func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }
}

/// The CatalogError thrown by `body`, or nil.
func catchError<T>(_ body: () throws -> T) -> CatalogError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? CatalogError
    }
}

func catchError<T>(_ body: () async throws -> T) async -> CatalogError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? CatalogError
    }
}

extension PasswordHasher.Parameters {
    /// Cheap scrypt parameters, so account tests do not spend seconds hashing.
    /// Tests only: production code has no way to ask for them.
    static let fastForTesting = PasswordHasher.Parameters(rounds: 1 << 10, blockSize: 8, parallelism: 1)
}
