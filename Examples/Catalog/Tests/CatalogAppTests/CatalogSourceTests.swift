import Foundation
import Testing
@testable import CatalogApp
@testable import CatalogDownload
@testable import CatalogModel
@testable import CatalogPresenters

@Suite struct CatalogSourceTests {
    @Test func pathsAndURLs() throws {
        #expect(try CatalogSource.parse("data/phones.json") == .file(path: "data/phones.json"))
        #expect(try CatalogSource.parse("/tmp/a b.json") == .file(path: "/tmp/a b.json"))
        #expect(try CatalogSource.parse("file:///tmp/x.json") == .file(path: "/tmp/x.json"))
        #expect(try CatalogSource.parse("https://example.com/x.json") == .url(URL(string: "https://example.com/x.json")!))
        #expect(try CatalogSource.parse("HTTP://example.com/x.json") == .url(URL(string: "HTTP://example.com/x.json")!))
    }

    @Test func otherSchemesAreRefused() {
        #expect(throws: CatalogError.unsupportedSource("ftp://example.com/x.json")) {
            try CatalogSource.parse("ftp://example.com/x.json")
        }
    }

    @Test func servicesMatchTheSource() throws {
        #expect(CatalogSource.embedded.makeService().sourceDescription == "embedded iPhone catalogue")
        #expect(CatalogSource.file(path: "/x.json").makeService().sourceDescription == "/x.json")
        #expect(try CatalogSource.parse("http://127.0.0.1:9/c.json").makeService() is URLCatalogService)
        #expect(CatalogSource.generated(count: 3).makeService().sourceDescription == "3 generated items")
    }
}
