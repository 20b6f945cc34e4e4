import Foundation
import Testing
import ShojiAppKit
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

/// The plainest search of what a row shows: its title or its secondary
/// column (the year), a whole row per candidate.
@MainActor
private struct DefaultSearch: ListDataSource {
    let base: any ListDataSource
    var count: Int { base.count }
    func row(at index: Int) -> ListRow { base.row(at: index) }
    func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        (candidates ?? Array(0..<count)).filter { index in
            let row = base.row(at: index)
            return query.matches(row.title) || row.secondary.map(query.matches) == true
        }
    }
}

/// The list filter's search done natively by the catalogue (one loop over its
/// storage) must find exactly what a row-by-row search of every column shown finds.
@MainActor
struct CatalogSearchTests {
    private let queries = ["a", "AS", "as", "pro", " max", "9", "Mistral 9", "zz", "É", "item", "2019", "01"]

    /// The titles containing `query` (ignoring case), by the plainest means.
    private func expected(_ catalog: Catalog, _ query: String, among candidates: [Int]?) -> [Int] {
        (candidates ?? Array(catalog.indices)).filter {
            catalog.title(at: $0).range(of: query, options: .caseInsensitive) != nil
        }
    }

    @Test func generatedAndStoredCataloguesFindWhatATitleByTitleSearchFinds() {
        let generated = Catalog.generated(count: 5_000)
        let stored = Catalog(source: "copy", items: generated.indices.map {
            CatalogItem(id: generated.id(at: $0), title: generated.title(at: $0), year: nil, fields: [])
        })
        let subset = Array(stride(from: 1, to: 5_000, by: 3))
        for query in queries {
            let matches: (String) -> Bool = TextQuery(query).matches(_:)
            for candidates in [nil, subset] {
                let want = expected(generated, query, among: candidates)
                #expect(generated.positions(among: candidates, whereTitle: matches) == want, "\(query)")
                #expect(stored.positions(among: candidates, whereTitle: matches) == want, "\(query)")
            }
        }
        #expect(!expected(generated, "as", among: nil).isEmpty)
    }

    @Test func theListScreensSourceSearchesLikeTheDefault() async {
        let repository = CatalogRepository(service: GeneratedCatalogService(count: 3_000))
        _ = await repository.load()
        let presenter = ListPresenter(repository: repository)
        presenter.viewDidLoad()
        let source = PresenterListDataSource(rows: presenter)
        let fallback = DefaultSearch(base: source)
        let previous = fallback.indices(matching: TextQuery("a"), among: nil)
        for query in queries {
            let prepared = TextQuery(query)
            #expect(source.indices(matching: prepared, among: nil) == fallback.indices(matching: prepared, among: nil))
            #expect(source.indices(matching: prepared, among: previous)
                    == fallback.indices(matching: prepared, among: previous))
        }
        #expect(source.indices(matching: TextQuery("as"), among: previous).count > 10)
    }

    @Test func theFavouritesSourceSearchesLikeTheDefault() async {
        let favourites = InMemoryFavourites(ids: ["iphone", "iphone-3g", "iphone-15-pro"])
        let presenter = FavouritesPresenter(
            repository: CatalogRepository(service: StubCatalogService(.success(sampleCatalog))), favourites: favourites)
        presenter.viewDidLoad()
        await presenter.loading?.value
        let source = PresenterListDataSource(rows: presenter)
        let fallback = DefaultSearch(base: source)
        for query in ["iphone", "3G", "PRO", "x", "15 p", "2008", "20"] {
            let prepared = TextQuery(query)
            #expect(source.indices(matching: prepared, among: nil) == fallback.indices(matching: prepared, among: nil))
            #expect(source.indices(matching: prepared, among: [2, 0]) == fallback.indices(matching: prepared, among: [2, 0]))
        }
        #expect(source.indices(matching: TextQuery("pro"), among: nil) == [2])
        // The year column too: 2008 is iPhone 3G's year, in no title.
        #expect(source.indices(matching: TextQuery("2008"), among: nil) == [1])
    }

    @Test func aPresenterWithoutACatalogueFindsNothing() {
        let presenter = ListPresenter(repository: CatalogRepository(service: GeneratedCatalogService(count: 10)))
        #expect(presenter.shownIndices(among: nil) { _ in true } == [])
    }

    /// The table shows a title and a year: typing a year finds that year's
    /// rows, though no title holds it.
    @Test func theFilterMatchesTheYearColumnToo() async throws {
        let repository = CatalogRepository(service: EmbeddedCatalogService())
        _ = await repository.load()
        let presenter = ListPresenter(repository: repository)
        presenter.viewDidLoad()
        let source = PresenterListDataSource(rows: presenter)
        let found = source.indices(matching: TextQuery("2008"), among: nil)
        #expect(found.map { source.row(at: $0).title } == ["iPhone 3G"])
        #expect(source.indices(matching: TextQuery("3G"), among: nil).map { source.row(at: $0).title }
            == ["iPhone 3G", "iPhone 3GS"])
        // Among the previous matches only, as the filter narrows.
        #expect(source.indices(matching: TextQuery("200"), among: found) == found)
    }
}
