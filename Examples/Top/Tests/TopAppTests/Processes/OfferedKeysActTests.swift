import Testing
import ShojiAppKit
import ShojiTesting
@testable import TopApp
@testable import TopPresenters

/// Every key the footer offers on the monitor's screens acts when pressed:
/// the footer reads the key chain the keys go through.
@MainActor
struct OfferedKeysActTests {
    /// The keys that lead to each screen, and the width: the table (with
    /// the detail beside it when wide), the detail, the tree, the filter,
    /// the signal sheet.
    nonisolated static let places: [(keys: [TerminalKey], width: Int)] = [
        ([], 80), ([], 160), ([.home, .enter], 80), ([.home, .enter], 160), ([.character("t")], 80),
        ([.character("/")], 80), ([.home, .character("k")], 80),
    ]

    @Test(arguments: places.indices)
    func everyKeyTheFooterOffersActs(_ place: Int) async {
        let (keys, width) = Self.places[place]
        let pressed = await expectEveryOfferedKeyActs(size: CellSize(width: width, height: 30), title: "top") { harness in
            let proc = FakeProc()
            proc.add(pid: 1, parent: 0, name: "systemd", ticks: 930, residentPages: 3200, command: ["/sbin/init"])
            proc.add(pid: 412, parent: 1, name: "sshd", ticks: 41, residentPages: 2100, command: ["sshd"])
            proc.add(pid: 1320, parent: 412, name: "sleep", ticks: 0, residentPages: 180, command: ["sleep", "1000"])
            // Signals the sheet sends are recorded, never sent to a real process.
            let top = TopCoordinator(router: harness.router, monitor: proc.monitor(), clock: nil,
                                     signaller: FakeSignaller())
            harness.start(top)
            await harness.settle()
            harness.press(keys)
            await harness.settle()
        }
        #expect(pressed.count >= 2, "\(pressed)")
    }
}
