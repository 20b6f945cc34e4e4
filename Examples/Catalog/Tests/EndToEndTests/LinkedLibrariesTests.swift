import ShojiEndToEnd
import Testing

/// What the dynamic loader maps before `main`: every library costs start-up
/// time and relocated (private) memory in each served session.
@Suite struct LinkedLibrariesTests {
    /// `--catalog https://...` downloads with AsyncHTTPClient on swift-nio;
    /// FoundationNetworking's URLSession would bring libcurl and the 28
    /// libraries it needs into every start, downloading or not.
    @Test func theCatalogLinksNoLibcurl() throws {
        let result = try Subprocess.run("/usr/bin/ldd", [CatalogBinary.path])
        #expect(result.status == 0)
        let libraries = result.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(libraries.contains { $0.hasPrefix("libc.so") }, "ldd listed nothing: \(result.standardOutput)")
        #expect(!libraries.contains { $0.contains("libcurl") }, "\(libraries)")
        #expect(!libraries.contains { $0.contains("FoundationNetworking") }, "\(libraries)")
    }
}
