import ShojiNavigation
import ShojiTesting
import Testing

private let routes = TabRoutes([
    .tab("tasks", index: 0, item: "<id>") { Int($0) != nil },
    .tab("settings", index: 1),
    .tab("archive", index: 2, item: "<slug>"),
])

/// "Tab, list, item" route paths declared with `TabRoutes`: a path selects
/// its tab with the tab's root kept, pushes the item above it, and a path
/// that names nothing fails with the valid forms and changes nothing.
@MainActor
struct TabRoutesTests {

    /// The Tasks tab: a list at the root.
    final class TasksFlow: Coordinator {
        let list = FakePresentable("list", routeComponent: "tasks")
        override func start() { router.setRoot(list, owner: self) }
    }

    /// A task's screen, owned by its own flow.
    final class TaskFlow: Coordinator {
        let screen: FakePresentable
        init(router: any Routing, id: String) {
            screen = FakePresentable("task-\(id)", routeComponent: id)
            super.init(router: router)
        }
    }

    final class Root: Coordinator, RouteResolving {
        let tasksRouter = MockRouter()
        let settingsRouter = MockRouter()
        let archiveRouter = MockRouter()
        let tasks: TasksFlow
        private(set) weak var tabs: TabContainer?
        var knownTasks: Set<String> = ["1", "3"]

        init() {
            tasks = TasksFlow(router: tasksRouter)
            super.init(router: StackRouter())
        }

        override func start() {
            let container = TabContainer(tabs: [
                .init(title: "Tasks", coordinator: tasks),
                .init(title: "Settings", coordinator: ScreenCoordinator(
                    router: settingsRouter, screen: FakePresentable("settings", routeComponent: "settings"))),
                .init(title: "Archive", coordinator: ScreenCoordinator(
                    router: archiveRouter, screen: FakePresentable("archive", routeComponent: "archive"))),
            ])
            tabs = container
            container.start()
            router.setRoot(container, owner: self)
            for mock in [tasksRouter, settingsRouter, archiveRouter] { mock.clearCalls() }
        }

        static func validate(_ path: RoutePath) throws(RouteError) { try routes.validate(path) }

        func plan(for path: RoutePath) throws(RouteError) -> RoutePlan {
            try routes.plan(for: path, in: tabs) { item, plan throws(RouteError) in
                guard item.route.name == "tasks" else { throw item.unreachable("the archive is empty") }
                guard knownTasks.contains(item.component) else { throw item.unreachable("no such task") }
                let flow = TaskFlow(router: item.tab.router, id: item.component)
                plan.adopt(flow, by: item.tab.coordinator)
                plan.push(flow.screen, owner: flow)
            }
        }
    }

    private func started() -> Root {
        let root = Root()
        root.start()
        return root
    }

    @Test func theValidFormsListEveryTabAndItsItems() {
        #expect(routes.validForms == ["tasks", "tasks/<id>", "settings", "archive", "archive/<slug>"])
        #expect(routes.routes.map(\.itemForm) == ["<id>", nil, "<slug>"])
    }

    @Test func anItemPathSelectsItsTabKeepsTheListAndPushesTheItem() throws {
        let root = started()
        root.tabs?.select(index: 1)
        try root.open(RoutePath("tasks/3"))
        #expect(root.tabs?.selectedIndex == 0)
        #expect(root.tasksRouter.log == ["setStack(list,task-3)"])
        #expect(root.tasksRouter.entries.first?.presentable === root.tasks.list, "the list is kept, not rebuilt")
        #expect(root.tasks.list.leaveCount == 0)
        #expect(root.tasks.children.count == 1 && root.tasks.children.first is TaskFlow)
        #expect(root.settingsRouter.log.isEmpty)
        #expect(root.currentPath?.description == "tasks/3")
    }

    @Test func aTabPathGoesBackToTheTabsRootAndReleasesTheItemsFlow() throws {
        let root = started()
        try root.open(RoutePath("tasks/1"))
        let item = try #require(root.tasksRouter.entries.last?.presentable as? FakePresentable)
        root.tasksRouter.clearCalls()
        try root.open(RoutePath("settings"))
        #expect(root.tabs?.selectedIndex == 1)
        #expect(root.tasksRouter.log.isEmpty, "another tab's stack is left as it is")
        #expect(root.currentPath?.description == "settings")
        try root.open(RoutePath("tasks"))
        #expect(root.tabs?.selectedIndex == 0)
        #expect(root.tasksRouter.log == ["setStack(list)"])
        #expect(item.leaveCount == 1)
        #expect(root.tasks.children.isEmpty, "the item's flow ended when its screen was replaced")
        #expect(root.currentPath?.description == "tasks")
    }

    @Test(arguments: [
        ("nope", RouteError.unknownStep(step: 0, component: "nope", validForms: routes.validForms)),
        ("settings/1", .unknownStep(step: 1, component: "1", validForms: routes.validForms)),
        ("tasks/x", .unknownStep(step: 1, component: "x", validForms: routes.validForms)),
        ("tasks/1/edit", .unknownStep(step: 2, component: "edit", validForms: routes.validForms)),
    ])
    func aPathThatNamesNothingFailsBeforeAnythingIsBuilt(path: String, error: RouteError) throws {
        let path = try RoutePath(path)
        #expect(throws: error) { try Root.validate(path) }
        let root = started()
        root.tabs?.select(index: 1)
        #expect(throws: error) { try root.open(path) }
        #expect(root.tabs?.selectedIndex == 1)
        #expect(root.tasksRouter.log.isEmpty && root.settingsRouter.log.isEmpty)
    }

    @Test func anItemThePlanCannotFindIsUnreachableAndChangesNothing() throws {
        let root = started()
        try root.open(RoutePath("tasks/1"))
        root.tasksRouter.clearCalls()
        root.tabs?.select(index: 2)
        #expect(throws: RouteError.unreachable(step: 1, component: "9", reason: "no such task", validForms: routes.validForms)) {
            try root.open(RoutePath("tasks/9"))
        }
        #expect(root.tabs?.selectedIndex == 2)
        #expect(root.tasksRouter.log.isEmpty)
        #expect(root.tasks.children.count == 1, "the flow of the item shown is still there")
        #expect(throws: RouteError.unreachable(step: 1, component: "old", reason: "the archive is empty",
                                               validForms: routes.validForms)) {
            try root.open(RoutePath("archive/old"))
        }
    }

    @Test func withoutAnItemPlannerOrTabsThePlanSaysWhy() throws {
        let root = started()
        #expect(throws: RouteError.unreachable(step: 1, component: "3", reason: "this tab opens no items",
                                               validForms: routes.validForms)) {
            _ = try routes.plan(for: RoutePath("tasks/3"), in: root.tabs)
        }
        #expect(throws: RouteError.unreachable(step: 0, component: "tasks", reason: "the tabs are not shown",
                                               validForms: routes.validForms)) {
            _ = try routes.plan(for: RoutePath("tasks"), in: nil)
        }
    }

    @Test func aPlanKeepingTheRootOfAnEmptyRouterIsEmpty() {
        #expect(RoutePlan(keepingRootOf: StackRouter()).entries.isEmpty)
        let root = started()
        #expect(RoutePlan(keepingRootOf: root.tasksRouter).entries.map { $0.presentable === root.tasks.list } == [true])
    }
}
