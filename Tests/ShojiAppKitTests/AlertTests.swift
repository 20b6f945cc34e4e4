import Testing
@testable import ShojiAppKit
import ShojiTesting

extension AppKitSuite {
    @Suite @MainActor struct AlertTests {
        enum Choice: Equatable { case save, discard, cancel }

        @Test(arguments: [CellSize(width: 80, height: 24), CellSize(width: 40, height: 12)])
        func anAlertIsCentredAnsweredWithItsValueAndDismissed(size: CellSize) {
            let harness = ScreenHarness(size: size, title: "demo")
            defer { harness.end() }
            let flow = Coordinator(router: harness.router)
            harness.router.setRoot(NamedScreen("Editor"), owner: flow)
            var answers: [Choice?] = []
            let alert = Alert<Choice>(title: "Unsaved", message: "Save your changes?", buttons: [
                .init("Save", value: .save), .init("Discard", value: .discard), .init("Cancel", value: .cancel, isCancel: true),
            ])
            flow.presentAlert(alert) { answers.append($0) }
            let lines = harness.lines
            let top = try! #require(lines.firstIndex { $0.contains("Unsaved") })
            #expect(top > 1 && top < size.height / 2, "centred, below the header")
            #expect(lines.contains { $0.contains("Save your changes?") })
            harness.press(.right, .enter)
            #expect(answers == [.discard])
            #expect(harness.router.entries.count == 1, "answered alerts are dismissed")
            #expect(!harness.lines.joined().contains("Unsaved"))
        }

        @Test func aDestructiveConfirmationOpensOnCancelSoEnterLosesNothing() {
            let harness = ScreenHarness(size: CellSize(width: 60, height: 12), title: "demo")
            defer { harness.end() }
            let flow = Coordinator(router: harness.router)
            harness.router.setRoot(NamedScreen("Notes"), owner: flow)
            var deleted = 0
            flow.confirm("Delete note?", message: "It will be gone.", confirm: "Delete", destructive: true) { deleted += 1 }
            harness.press(.enter)
            #expect(deleted == 0, "Enter chose Cancel")
            #expect(harness.router.entries.count == 1, "and the alert is gone")
            flow.confirm("Delete note?", message: "It will be gone.", confirm: "Delete", destructive: true) { deleted += 1 }
            harness.press(.left, .enter)
            #expect(deleted == 1, "Delete is one key away")
            flow.confirm("Save?", message: "Keep it.", confirm: "Save") { deleted += 10 }
            harness.press(.enter)
            #expect(deleted == 11, "an ordinary confirmation still opens on its confirm button")
        }

        @Test func escChoosesTheCancelButtonAndAnAlertThatLeavesUnansweredSaysNil() {
            let router = MockRouter()
            let flow = Coordinator(router: router)
            router.setRoot(FakePresentable("editor"), owner: flow)
            var answers: [Bool?] = []
            flow.confirm("Delete?", message: "It cannot be undone.", confirm: "Delete") { answers.append(true) }
            let panel = try! #require(router.entries.last?.presentable as? AlertPanelView<Bool>)
            #expect(panel.alert.buttons.map(\.title) == ["Delete", "Cancel"])
            _ = panel.handle(.escape)
            #expect(answers.isEmpty, "cancel does not run the action")
            #expect(router.entries.count == 1, "the alert was dismissed")
            flow.presentAlert(.confirmation("Again?", message: "")) { answers.append($0) }
            flow.cancel(.parentEnded)
            #expect(answers == [nil], "unanswered, exactly once")
        }

        @Test func askSuspendsUntilTheAnswer() async {
            let router = MockRouter()
            let flow = Coordinator(router: router)
            async let answer = flow.ask(.confirmation("Sure?", message: ""))
            while router.entries.isEmpty { await Task.yield() }
            (router.entries.last?.presentable as? AlertPanelView<Bool>)?.choose("OK")
            #expect(await answer == true)
        }
    }
}
