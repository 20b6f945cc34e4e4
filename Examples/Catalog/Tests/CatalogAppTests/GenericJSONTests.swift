import Testing
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

@Suite struct GenericJSONTests {
    @Test func titleRules() throws {
        let catalog = try decodeCatalog("""
        [
          {"title": "A title", "name": "A name"},
          {"name": "Only a name", "zeta": "z"},
          {"zebra": "Z", "apple": "Apple wins", "count": 3},
          {"count": 3, "flag": true},
          {}
        ]
        """)
        #expect(catalog.map(\.title) == ["A title", "Only a name", "Apple wins", "Item 4", "Item 5"])
    }

    @Test func fieldsAreAlphabeticalWithNestedValuesAsCompactJSON() throws {
        let catalog = try decodeCatalog("""
        [{"zeta": "last", "alpha": 1.50, "nested": {"b": [1, 2], "a": null}, "flag": false, "list": ["x", "y\\"z"]}]
        """)
        let item = try #require(catalog.first)
        #expect(item.fields == [
            CatalogField(name: "alpha", value: "1.50"),
            CatalogField(name: "flag", value: "false"),
            CatalogField(name: "list", value: #"["x","y\"z"]"#),
            CatalogField(name: "nested", value: #"{"b":[1,2],"a":null}"#),
            CatalogField(name: "zeta", value: "last"),
        ])
    }

    @Test func idsAreSlugsWithSuffixesForDuplicates() throws {
        let catalog = try decodeCatalog("""
        [
          {"name": "Caffè Latte!"},
          {"name": "caffe latte"},
          {"name": "Caffè -- Latte"},
          {"name": "Caff\\u00e8 Latte"},
          {"id": "custom", "name": "Whatever"},
          {"id": 42, "name": "Numbered"},
          {"name": "  --Trim me--  "},
          {"name": "日本"}
        ]
        """)
        #expect(catalog.map(\.id) == ["caff-latte", "caffe-latte", "caff-latte-2", "caff-latte-3", "custom", "42", "trim-me", "item"])
        #expect(catalog.item(withID: "caff-latte-3")?.title == "Caffè Latte")
        #expect(catalog.index(ofID: "custom") == 4)
        #expect(catalog.index(ofID: "missing") == nil)
    }

    @Test func slugRule() {
        #expect(ItemIdentifiers.slug("iPhone 15 Pro") == "iphone-15-pro")
        #expect(ItemIdentifiers.slug("iPhone SE (2nd generation)") == "iphone-se-2nd-generation")
        #expect(ItemIdentifiers.slug("--A__B--") == "a-b")
        #expect(ItemIdentifiers.slug("") == "")
    }

    @Test func yearComesFromAnnouncedWhenPresent() throws {
        let catalog = try decodeCatalog(#"[{"name": "a", "announced": "1999-01-02"}, {"name": "b"}, {"name": "c", "announced": "soon"}]"#)
        #expect(catalog.map(\.year) == [1999, nil, nil])
    }

    @Test func emptyArrayIsAnEmptyCatalogue() throws {
        let catalog = try decodeCatalog(" [ ] \n")
        #expect(catalog.isEmpty)
    }

    @Test func iPhoneSchemaItemsKeepUnknownFieldsAfterKnownOnes() throws {
        let catalog = try decodeCatalog("""
        [{"name": "Phone", "announced": "2020-01-01", "chip": "X1", "colour": "red", "weight_g": 150}]
        """)
        let item = try #require(catalog.first)
        #expect(item.id == "phone")
        #expect(item.fields.map(\.name) == ["Name", "Announced", "Chip", "colour", "weight_g"])
    }
}
