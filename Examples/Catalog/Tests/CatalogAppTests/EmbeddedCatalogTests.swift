import Testing
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

@Suite struct EmbeddedCatalogTests {
    @Test func loadsEveryIPhoneInOrder() async throws {
        let catalog = try await EmbeddedCatalogService().load()
        #expect(catalog.source == "embedded iPhone catalogue")
        #expect(catalog.count >= 50)
        #expect(catalog.first?.title == "iPhone")
        #expect(catalog.first?.id == "iphone")
        #expect(catalog.first?.year == 2007)
        #expect(catalog.last?.title == "iPhone 17 Pro Max")
        #expect(Set(catalog.map(\.id)).count == catalog.count)
    }

    @Test func iPhone15ProHasFriendlyFields() async throws {
        let catalog = try await EmbeddedCatalogService().load()
        let item = try #require(catalog.item(withID: "iphone-15-pro"))
        #expect(item.title == "iPhone 15 Pro")
        #expect(item.year == 2023)
        #expect(item.fields.map(\.name) == ["Name", "Announced", "Chip", "Display", "Storage", "Launch price", "Note"])
        #expect(item.field("Announced") == "2023-09-12")
        #expect(item.field("Chip") == "A17 Pro")
        #expect(item.field("Display") == "6.1\"")
        #expect(item.field("Storage") == "128 GB, 256 GB, 512 GB, 1 TB")
        #expect(item.field("Launch price") == "$999")
    }

    @Test func displayKeepsNumbersAsWritten() async throws {
        let catalog = try await EmbeddedCatalogService().load()
        #expect(catalog.item(withID: "iphone-5")?.field("Display") == "4.0\"")
        #expect(catalog.item(withID: "iphone-17-pro-max")?.field("Storage") == "256 GB, 512 GB, 1 TB, 2 TB")
        #expect(catalog.item(withID: "iphone-15-pro-max")?.field("Launch price") == "$1,199")
    }

    @Test func everyIdIsTheSlugOfItsName() async throws {
        let catalog = try await EmbeddedCatalogService().load()
        for item in catalog {
            #expect(item.id == ItemIdentifiers.slug(item.title))
        }
    }
}
