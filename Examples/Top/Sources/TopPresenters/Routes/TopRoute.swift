import ShojiNavigation

/// A route path of the monitor, parsed: `<pid>` (that process's detail
/// open), `<pid>/children` (its children pane with the keys) and
/// `<pid>/children/<child>/<grandchild>/…` (the pane drilled down the
/// process tree, one pid per step, each a child of the one before).
package struct TopRoute: Equatable, Sendable {
    /// The forms a path may take, for error messages.
    package static let validForms = ["<pid>", "<pid>/children", "<pid>/children/<child pid>/…"]
    /// The component of the children pane's root screen.
    package static let childrenComponent = "children"

    /// The process whose detail is open.
    package var pid: Int32
    /// Whether the children pane has the keys.
    package var inChildren: Bool
    /// The children drilled into in the pane, outermost first.
    package var drilled: [Int32]

    package init(pid: Int32, inChildren: Bool = false, drilled: [Int32] = []) {
        self.pid = pid
        self.inChildren = inChildren || !drilled.isEmpty
        self.drilled = drilled
    }

    /// Parses `path`'s shape; throws naming the first bad step and the
    /// valid forms. Whether the processes run is ``check(in:)``'s question.
    package init(_ path: RoutePath) throws(RouteError) {
        let components = path.components
        guard let pid = Self.pid(components[0]) else { throw Self.unknown(0, components[0]) }
        guard components.count > 1 else {
            self.init(pid: pid)
            return
        }
        guard components[1] == Self.childrenComponent else { throw Self.unknown(1, components[1]) }
        var drilled: [Int32] = []
        for step in 2..<components.count {
            guard let child = Self.pid(components[step]) else { throw Self.unknown(step, components[step]) }
            drilled.append(child)
        }
        self.init(pid: pid, inChildren: true, drilled: drilled)
    }

    /// The path's components: what ``init(_:)`` reads back.
    package var components: [String] {
        [String(pid)] + (inChildren ? [Self.childrenComponent] : []) + drilled.map { String($0) }
    }

    /// Checks that the process runs in `processes` and that each drilled
    /// pid is a child of the one before; throws for the first that is not.
    package func check(in processes: [ProcessRow]) throws(RouteError) {
        let parents = Dictionary(processes.map { ($0.pid, $0.parent) }, uniquingKeysWith: { first, _ in first })
        guard parents[pid] != nil else { throw Self.unreachable(0, pid, "no process \(pid) is running") }
        var parent = pid
        for (offset, child) in drilled.enumerated() {
            guard parents[child] == parent, child != parent else {
                throw Self.unreachable(offset + 2, child, "no process \(child) is running as a child of \(parent)")
            }
            parent = child
        }
    }

    /// A pid as a path names it: digits, 1 to Int32.max.
    private static func pid(_ component: String) -> Int32? {
        guard component.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let pid = Int32(component), pid > 0 else {
            return nil
        }
        return pid
    }

    private static func unknown(_ step: Int, _ component: String) -> RouteError {
        .unknownStep(step: step, component: component, validForms: validForms)
    }

    private static func unreachable(_ step: Int, _ pid: Int32, _ reason: String) -> RouteError {
        .unreachable(step: step, component: String(pid), reason: reason, validForms: validForms)
    }
}
