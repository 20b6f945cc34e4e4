import Testing
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

@Suite struct GeneratedCatalogTests {
    @Test func countAndLookup() async throws {
        let catalog = try await GeneratedCatalogService(count: 1_000_000).load()
        #expect(catalog.count == 1_000_000)
        #expect(catalog.source == "1,000,000 generated items")
        #expect(catalog.id(at: 0) == "item-1")
        #expect(catalog.index(ofID: "item-1000000") == 999_999)
        #expect(catalog.index(ofID: "item-1000001") == nil)
        #expect(catalog.index(ofID: "item-0") == nil)
        #expect(catalog.index(ofID: "item-01") == nil)
        #expect(catalog.item(withID: "item-500")?.title == catalog.title(at: 499))
    }

    @Test func deterministic() {
        let first = Catalog.generated(count: 1000)
        let second = Catalog.generated(count: 1000)
        #expect(first.elementsEqual(second))
        #expect(Set(first.map(\.title)).count > 500)
    }

    @Test func itemsLookPlausible() throws {
        let catalog = Catalog.generated(count: 10_000)
        for index in stride(from: 0, to: catalog.count, by: 97) {
            let item = catalog[index]
            #expect(item.title.utf8.count <= 15)
            #expect(item.fields.map(\.name) == ["Name", "Announced", "Chip", "Display", "Storage", "Launch price", "Note"])
            let year = try #require(item.year)
            #expect((2007...2025).contains(year))
            #expect(item.field("Announced")?.hasPrefix(String(year)) == true)
        }
    }

    @Test func emptyAndNegativeCounts() {
        #expect(Catalog.generated(count: 0).isEmpty)
        #expect(Catalog.generated(count: -5).isEmpty)
    }
}
