import ShojiAppKit
#if canImport(Testing)
import Testing
#endif

extension ScreenHarness {
    /// Each binding the footer offers now, by the key it shows first and its
    /// label, in the key chain's order (`AppFrame.keyChain`).
    public var offeredKeys: [(key: TerminalKey, label: String)] {
        frame.keyChain.offered.flatMap(\.bindings).filter(\.showsInFooter).compactMap { binding in
            binding.keys.first.map { ($0, binding.label) }
        }
    }
}

#if canImport(Testing)
/// Checks that the footer offers only keys that act: reaches a screen with
/// `reach` on a new harness, reads what the footer offers, then for each key
/// reaches the screen again on a harness of its own and presses it, and
/// records an issue for every key nothing used. Returns the keys pressed, so
/// a test can say which it expected.
///
///     let pressed = await expectEveryOfferedKeyActs { harness in
///         harness.start(AppCoordinator(router: harness.router))
///         harness.press(.down, .enter)
///     }
///     #expect(pressed.count > 3)
@MainActor
@discardableResult
public func expectEveryOfferedKeyActs(
    size: CellSize = CellSize(width: 80, height: 24), title: String = "app",
    sourceLocation: SourceLocation = #_sourceLocation,
    reach: @MainActor (ScreenHarness) async throws -> Void
) async rethrows -> [(key: TerminalKey, label: String)] {
    let offered = try await withScreenHarness(size: size, title: title) { harness in
        try await reach(harness)
        return harness.offeredKeys
    }
    for (key, label) in offered {
        try await withScreenHarness(size: size, title: title) { harness in
            try await reach(harness)
            let used = harness.handle(key)
            harness.render()
            #expect(used, "\"\(label)\" is offered on \(key) but nothing used the key", sourceLocation: sourceLocation)
        }
    }
    return offered
}
#endif
