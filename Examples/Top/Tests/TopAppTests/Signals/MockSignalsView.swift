import TopPresenters

/// Records what the presenter told its view.
@MainActor
final class MockSignalsView: SignalsView {
    var shown: [(heading: String, lines: [String])] = []
    func show(heading: String, lines: [String]) { shown.append((heading, lines)) }
}

/// Counts what the presenter asked of its coordinator.
@MainActor
final class MockSignalsOutput: SignalsOutput {
    var finished = 0
    func signalsDidFinish() { finished += 1 }
}
