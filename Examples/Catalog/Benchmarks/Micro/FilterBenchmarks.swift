import CatalogApp
import CatalogModel
import CatalogPresenters
import ShojiCurses

/// The list filter over a million rows, typed into the whole app: the key's
/// dispatch, the search, and the render of the first page of matches.
/// "a" matches about 58% of the generated titles; "as" (Aster) about 6%.
extension MicroBenchmark {
    static let filterFirstCharacter = MicroBenchmark(
        name: "filter.first",
        what: "App, 80x24, 1,000,000 generated rows: `a` typed into an empty filter (all rows searched) + render"
    ) { sampler in
        let app = HeadlessApp(catalog: .generated(count: 1_000_000))
        defer { app.end() }
        app.press(.character("/"))
        while !sampler.isDone {
            sampler.time { app.press(.character("a")) }
            app.press(.backspace)
        }
    }

    static let filterOneMoreCharacter = oneMoreCharacter(
        name: "filter.more", rows: "generated", catalog: { .generated(count: 1_000_000) })

    /// The same over items held in memory (a decoded file's storage), so the
    /// generated catalogue's shortcuts cannot flatter the figure.
    static let filterOneMoreCharacterStored = oneMoreCharacter(
        name: "filter.more.stored", rows: "stored", catalog: { .stored(copying: .generated(count: 1_000_000)) })

    private static func oneMoreCharacter(name: String, rows: String,
                                         catalog: @escaping @MainActor () -> Catalog) -> MicroBenchmark {
        MicroBenchmark(
            name: name,
            what: "App, 80x24, 1,000,000 \(rows) rows: `s` after `a` (the previous matches searched) + render"
        ) { sampler in
            let app = HeadlessApp(catalog: catalog())
            defer { app.end() }
            app.press(.character("/"))
            while !sampler.isDone {
                app.press(.character("a"))
                sampler.time { app.press(.character("s")) }
                app.press(.backspace)
                app.press(.backspace)
            }
        }
    }
}
