import Testing
import ShojiNavigation
@testable import TopPresenters

@MainActor
struct TopRouteTests {
    private func route(_ text: String) throws -> TopRoute { try TopRoute(RoutePath(text)) }

    private var processes: [ProcessRow] {
        [(1, 0), (30, 1), (31, 30), (40, 31)].map { pid, parent in
            ProcessRow(pid: pid, parent: parent, user: "root", cpu: 0, memory: 0, residentKiB: 0, state: "S", ticks: 0,
                       command: "", threads: 1, name: "p\(pid)")
        }
    }

    @Test func readsTheThreeFormsAndWritesThemBack() throws {
        #expect(try route("30") == TopRoute(pid: 30))
        #expect(try route("30/children") == TopRoute(pid: 30, inChildren: true))
        #expect(try route("30/children/31/40") == TopRoute(pid: 30, drilled: [31, 40]))
        for text in ["30", "30/children", "30/children/31/40"] {
            #expect(try route(text).components.joined(separator: "/") == text)
        }
    }

    @Test func aMalformedStepIsNamedWithTheValidForms() {
        for (text, step) in [("top", 0), ("0", 0), ("30/kids", 1), ("30/children/x", 2), ("30/31", 1),
                             ("99999999999", 0)] {
            #expect(throws: RouteError.unknownStep(step: step, component: String(text.split(separator: "/")[step]),
                                                   validForms: TopRoute.validForms)) { try self.route(text) }
        }
    }

    @Test func checksThatEachProcessRunsUnderTheOneBefore() throws {
        try route("30/children/31/40").check(in: processes)
        #expect(throws: RouteError.unreachable(step: 0, component: "77", reason: "no process 77 is running",
                                               validForms: TopRoute.validForms)) {
            try self.route("77").check(in: self.processes)
        }
        // 40 runs, but under 31, not 30.
        let error = #expect(throws: RouteError.self) { try self.route("30/children/40").check(in: self.processes) }
        #expect(error?.description.contains("no process 40 is running as a child of 30; valid forms: <pid>") == true)
    }
}
