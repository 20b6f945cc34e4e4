/// Processes as a tree: each one under its parent, siblings by pid, depth
/// first. A process whose parent is not in the list is a root (pid 1,
/// kthreadd, or one whose parent ended between readings).
package struct ProcessTree {
    /// Indices into the processes given, in tree order, with their depth (0 for a root).
    package private(set) var order: [(index: Int, depth: Int)] = []

    package init(_ processes: [ProcessRow]) {
        var indexOf: [Int32: Int] = [:]
        indexOf.reserveCapacity(processes.count)
        for (index, process) in processes.enumerated() { indexOf[process.pid] = index }
        var children: [Int32: [Int]] = [:]
        var roots: [Int] = []
        for (index, process) in processes.enumerated() {
            if process.parent != process.pid, indexOf[process.parent] != nil {
                children[process.parent, default: []].append(index)
            } else {
                roots.append(index)
            }
        }
        order.reserveCapacity(processes.count)
        // Depth first without recursion (a chain of thousands of processes
        // must not exhaust the stack); siblings by pid.
        var stack: [(index: Int, depth: Int)] = roots.sorted { processes[$0].pid > processes[$1].pid }.map { ($0, 0) }
        var visited = Set<Int>()
        while let next = stack.popLast() {
            guard visited.insert(next.index).inserted else { continue }
            order.append(next)
            let kids = (children[processes[next.index].pid] ?? []).sorted { processes[$0].pid > processes[$1].pid }
            stack.append(contentsOf: kids.map { ($0, next.depth + 1) })
        }
    }

    /// The pids of `pid`'s children among `processes`, ascending.
    package static func children(of pid: Int32, in processes: [ProcessRow]) -> [ProcessRow] {
        processes.filter { $0.parent == pid && $0.pid != pid }
    }
}
