import Foundation
import ShojiAppKit
import Testing

// The code of the "Running an app" article
// (Sources/ShojiAppKit/ShojiAppKit.docc/RunningAnApp.md): an app's own
// options beside the kit's, and its route paths in a few lines, compiled
// and run here; `theArticleShowsThisCode` checks the article shows exactly
// these regions.

// snippet: tasks-command
struct TasksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tasks", abstract: "Your tasks, in the terminal.")

    @Option(help: ArgumentHelp("The file the tasks are kept in.", valueName: "file"))
    var file = "tasks.json"

    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
}
// end snippet

/// The article's `main.swift`, compiled but never called: `run` takes over
/// the real terminal and never returns.
func tasksMain() {
// snippet: tasks-main
let command = ShojiApp.parseOrExit(TasksCommand.self)
MainActor.assumeIsolated {
    ShojiApp(name: "tasks", configuration: command.shoji.launchConfiguration).run { context in
        TasksCoordinator(router: context.router, store: TaskStore(file: command.file))
    }
}
// end snippet
}

/// The article's `main.swift` for a model that takes a while to read,
/// compiled but never called.
func tasksLoadingMain() {
// snippet: tasks-loading
let command = ShojiApp.parseOrExit(TasksCommand.self)
MainActor.assumeIsolated {
    let app = ShojiApp(name: "tasks", configuration: command.shoji.launchConfiguration)
    do throws(LaunchError) {
        try app.verifyTerminal()
        let path = try AppDataFolder(appName: "tasks").file(command.file)
        app.run(loading: { progress in try TaskFile.read(path, progress: progress) }) { context, titles in
            TasksCoordinator(router: context.router, store: TaskStore(titles: titles))
        }
    } catch {
        error.exit(program: "tasks")
    }
}
// end snippet
}

/// Reads the tasks' titles, reporting how far it has come.
enum TaskFile {
    static func read(_ path: String, progress: ProgressReporter) throws -> [String] {
        progress.report(WorkProgress("Reading tasks"))
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}

/// Tasks by id, as a file would hold them.
@MainActor final class TaskStore: ListScreenRows {
    let tasks = [(id: "1", title: "Write the report"), (id: "2", title: "Review the tests")]
    init(file: String) {}
    init(titles: [String]) {}
    func task(id: String) -> String? { tasks.first { $0.id == id }?.title }
    var rowCount: Int { tasks.count }
    func row(at index: Int) -> ListRow { ListRow(title: tasks[index].title) }
    func didChoose(index: Int) {}
}

/// One task's screen, owned by its flow.
@MainActor final class TaskCoordinator: Coordinator {
    let id: String
    let title: String
    init(router: any Routing, id: String, title: String) {
        self.id = id
        self.title = title
        super.init(router: router)
    }

    func makeModule() -> PanelView { PanelView(title: title, routeComponent: id) }
}

/// The root: a Tasks tab (a list, then a task) and a Settings tab.
@MainActor final class TasksCoordinator: Coordinator, RouteResolving {
    let store: TaskStore
    private(set) weak var tabs: TabContainer?

    init(router: any Routing, store: TaskStore) {
        self.store = store
        super.init(router: router)
    }

    override func start() {
        let container = TabContainer(tabs: [
            .init(title: "Tasks", screen: ListScreenView(title: "Tasks", rows: store, routeComponent: "tasks")),
            .init(title: "Settings", screen: PanelView(title: "Settings", routeComponent: "settings")),
        ])
        tabs = container
        container.start()
        router.setRoot(container, owner: self)
    }

// snippet: tasks-routes
static let routes = TabRoutes([
    .tab("tasks", index: 0, item: "<id>") { Int($0) != nil },
    .tab("settings", index: 1),
])

static func validate(_ path: RoutePath) throws(RouteError) { try routes.validate(path) }

func plan(for path: RoutePath) throws(RouteError) -> RoutePlan {
    try Self.routes.plan(for: path, in: tabs) { item, plan throws(RouteError) in
        guard let title = store.task(id: item.component) else { throw item.unreachable("no such task") }
        let task = TaskCoordinator(router: item.tab.router, id: item.component, title: title)
        plan.adopt(task, by: item.tab.coordinator)
        plan.push(task.makeModule(), owner: task)
    }
}
// end snippet
}

extension AppKitSuite {
    @Suite @MainActor struct RunningAnAppTests {
        @Test func theAppsOptionsComeWithTheKitsAndOpenCheckedPaths() throws {
            let command = try ShojiApp.parse(TasksCommand.self, arguments: ["--file", "mine.json", "--open", "tasks/2"])
            #expect(command.file == "mine.json")
            let launch = command.shoji.launchConfiguration
            #expect(try launch.openPath(checkedBy: TasksCoordinator.self)?.description == "tasks/2")
            var wrong = launch
            wrong.open = "task/2"
            #expect(throws: LaunchError.self) { try wrong.openPath(checkedBy: TasksCoordinator.self) }
            do { _ = try wrong.openPath(checkedBy: TasksCoordinator.self) } catch {
                #expect(error.description.hasSuffix("valid forms: tasks, tasks/<id>, settings"))
            }
        }

        @Test func theRoutesOpenATaskAboveItsListAndSayWhatIsOpen() throws {
            let root = TasksCoordinator(router: StackRouter(), store: TaskStore(file: "tasks.json"))
            root.start()
            let tabs = try #require(root.tabs)
            tabs.select(index: 1)
            #expect(root.currentPath?.description == "settings")
            try root.open(RoutePath("tasks/2"))
            #expect(tabs.selectedIndex == 0)
            #expect(tabs.selectedRouter.entries.map(\.presentable.routeComponent) == ["tasks", "2"])
            #expect(tabs.selectedRouter.entries.last.map { ($0.presentable as? PanelView)?.title } == "Review the tests")
            #expect(root.currentPath?.description == "tasks/2")
            #expect(throws: RouteError.self) { try root.open(RoutePath("tasks/7")) }
            #expect(root.currentPath?.description == "tasks/2")
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
        #expect(Set(shown.keys) == ["tasks-command", "tasks-main", "tasks-loading", "tasks-routes"])
        for (name, text) in shown {
            #expect(text == regions[name], "the article's snippet '\(name)' differs from RunningAnAppTests.swift")
        }
    }
}
