import Foundation
import ShojiAppKit
import Testing

// The code of the "Running an app" article
// (Sources/ShojiAppKit/ShojiAppKit.docc/RunningAnApp.md): an app's own
// options beside the kit's, and its route paths in a few lines, compiled
// and run here; `theArticleShowsThisCode` checks the article shows exactly
// these regions.

// snippet: chores-command
struct ChoresCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "chores", abstract: "Your chores, in the terminal.")

    @Option(help: ArgumentHelp("The file the chores are kept in.", valueName: "file"))
    var file = "chores.json"

    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
}
// end snippet

/// The article's `main.swift`, compiled but never called: `run` takes over
/// the real terminal and never returns.
func choresCommandMain() {
// snippet: chores-main
let command = ShojiApp.parseOrExit(ChoresCommand.self)
MainActor.assumeIsolated {
    ShojiApp(name: "chores", configuration: command.shoji.launchConfiguration).run { context in
        ChoresApp(router: context.router, store: ChoreStore(file: command.file))
    }
}
// end snippet
}

/// The article's `main.swift` for a model that takes a while to read,
/// compiled but never called.
func choresLoadingMain() {
// snippet: chores-loading
let command = ShojiApp.parseOrExit(ChoresCommand.self)
MainActor.assumeIsolated {
    let app = ShojiApp(name: "chores", configuration: command.shoji.launchConfiguration)
    do throws(LaunchError) {
        try app.verifyTerminal()
        let path = try AppDataFolder(appName: "chores").file(command.file)
        app.run(loading: { progress in try ChoreFile.read(path, progress: progress) }) { context, titles in
            ChoresApp(router: context.router, store: ChoreStore(titles: titles))
        }
    } catch {
        error.exit(program: "chores")
    }
}
// end snippet
}

/// Reads the chores' titles, reporting how far it has come.
enum ChoreFile {
    static func read(_ path: String, progress: ProgressReporter) throws -> [String] {
        progress.report(WorkProgress("Reading chores"))
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}

/// Chores by id, as a file would hold them.
@MainActor final class ChoreStore: ListScreenRows {
    let chores = [(id: "1", title: "Water the plants"), (id: "2", title: "Take out the bins")]
    init(file: String) {}
    init(titles: [String]) {}
    func chore(id: String) -> String? { chores.first { $0.id == id }?.title }
    var rowCount: Int { chores.count }
    func row(at index: Int) -> ListRow { ListRow(title: chores[index].title) }
    func didChoose(index: Int) {}
}

/// One chore's screen, owned by its flow.
@MainActor final class ChoreCoordinator: Coordinator {
    let id: String
    let title: String
    init(router: any Routing, id: String, title: String) {
        self.id = id
        self.title = title
        super.init(router: router)
    }

    func makeModule() -> PanelView { PanelView(title: title, routeComponent: id) }
}

/// The root: a Chores tab (a list, then a chore) and a Settings tab.
@MainActor final class ChoresApp: Coordinator, RouteResolving {
    let store: ChoreStore
    private(set) weak var tabs: TabContainer?

    init(router: any Routing, store: ChoreStore) {
        self.store = store
        super.init(router: router)
    }

    override func start() {
        let container = TabContainer(tabs: [
            .init(title: "Chores", screen: ListScreenView(title: "Chores", rows: store, routeComponent: "chores")),
            .init(title: "Settings", screen: PanelView(title: "Settings", routeComponent: "settings")),
        ])
        tabs = container
        container.start()
        router.setRoot(container, owner: self)
    }

// snippet: chores-routes
static let routes = TabRoutes([
    .tab("chores", index: 0, item: "<id>") { Int($0) != nil },
    .tab("settings", index: 1),
])

static func validate(_ path: RoutePath) throws(RouteError) { try routes.validate(path) }

func plan(for path: RoutePath) throws(RouteError) -> RoutePlan {
    try Self.routes.plan(for: path, in: tabs) { item, plan throws(RouteError) in
        guard let title = store.chore(id: item.component) else { throw item.unreachable("no such chore") }
        let chore = ChoreCoordinator(router: item.tab.router, id: item.component, title: title)
        plan.adopt(chore, by: item.tab.coordinator)
        plan.push(chore.makeModule(), owner: chore)
    }
}
// end snippet
}

extension AppKitSuite {
    @Suite @MainActor struct RunningAnAppTests {
        @Test func theAppsOptionsComeWithTheKitsAndOpenCheckedPaths() throws {
            let command = try ShojiApp.parse(ChoresCommand.self, arguments: ["--file", "mine.json", "--open", "chores/2"])
            #expect(command.file == "mine.json")
            let launch = command.shoji.launchConfiguration
            #expect(try launch.openPath(checkedBy: ChoresApp.self)?.description == "chores/2")
            var wrong = launch
            wrong.open = "chore/2"
            #expect(throws: LaunchError.self) { try wrong.openPath(checkedBy: ChoresApp.self) }
            do { _ = try wrong.openPath(checkedBy: ChoresApp.self) } catch {
                #expect(error.description.hasSuffix("valid forms: chores, chores/<id>, settings"))
            }
        }

        @Test func theRoutesOpenAChoreAboveItsListAndSayWhatIsOpen() throws {
            let root = ChoresApp(router: StackRouter(), store: ChoreStore(file: "chores.json"))
            root.start()
            let tabs = try #require(root.tabs)
            tabs.select(index: 1)
            #expect(root.currentPath?.description == "settings")
            try root.open(RoutePath("chores/2"))
            #expect(tabs.selectedIndex == 0)
            #expect(tabs.selectedRouter.entries.map(\.presentable.routeComponent) == ["chores", "2"])
            #expect(tabs.selectedRouter.entries.last.map { ($0.presentable as? PanelView)?.title } == "Take out the bins")
            #expect(root.currentPath?.description == "chores/2")
            #expect(throws: RouteError.self) { try root.open(RoutePath("chores/7")) }
            #expect(root.currentPath?.description == "chores/2")
        }
    }
}

/// The article shows the regions above.
struct RunningAnAppDocumentTests {
    @Test func theArticleShowsThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let regions = Snippets.regions(in: try String(contentsOf: here, encoding: .utf8))
        let article = try String(contentsOf: root.appendingPathComponent("Sources/ShojiAppKit/ShojiAppKit.docc/RunningAnApp.md"),
                                 encoding: .utf8)
        let shown = Snippets.articleSnippets(in: article)
        #expect(Set(shown.keys) == ["chores-command", "chores-main", "chores-loading", "chores-routes"])
        for (name, text) in shown {
            #expect(text == regions[name], "the article's snippet '\(name)' differs from RunningAnAppTests.swift")
        }
    }
}
