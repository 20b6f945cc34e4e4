import TopPresenters

/// Records what the presenter told its view.
@MainActor
final class MockProcessesView: ProcessesView {
    var shown: [(heading: String, lines: [String])] = []
    func show(heading: String, lines: [String]) { shown.append((heading, lines)) }
}

/// Counts what the presenter asked of its coordinator.
@MainActor
final class MockProcessesOutput: ProcessesOutput {
    var finished = 0
    func processesDidFinish() { finished += 1 }
}
