import Testing
@testable import ShojiAppKit
import ShojiTesting

// The "Your own app" section of README.md, compiled and run headlessly, so
// the README cannot drift from the API. (Its main.swift line is the only
// part not run here: `ShojiApp(...).run` takes over the real terminal.)

@MainActor final class Fruit: ListScreenRows {
    var names = ["apple", "banana", "cherry"]
    weak var route: FruitRoute?
    var rowCount: Int { names.count }
    func row(at index: Int) -> ListRow { ListRow(title: names[index]) }
    func didChoose(index: Int) { route?.fruitWasChosen(names[index]) }
}

@MainActor protocol FruitRoute: AnyObject { func fruitWasChosen(_ name: String) }

@MainActor final class FruitCoordinator: Coordinator, FruitRoute {
    override func start() {
        let fruit = Fruit()
        fruit.route = self
        router.setRoot(ListScreenView(title: "Fruit", rows: fruit), owner: self)
    }

    func fruitWasChosen(_ name: String) {
        confirm("Eat the \(name)?", message: "There is only one.", confirm: "Eat") { [weak self] in
            self?.presentAlert(.notice("Done", message: "The \(name) is gone."))
        }
    }
}

extension AppKitSuite {
    @Suite @MainActor struct YourOwnAppReadmeTests {
        @Test func theReadmesAppRunsHeadlessly() {
            let harness = ScreenHarness(size: CellSize(width: 50, height: 12), title: "demo")
            defer { harness.end() }
            let root = FruitCoordinator(router: harness.router)
            root.start()
            #expect(harness.lines[0] == " demo › Fruit")
            #expect(harness.lines[1].hasPrefix("apple"))
            harness.press(.down, .enter)
            #expect(harness.lines.joined(separator: "\n").contains("Eat the banana?"))
            harness.press(.enter)
            #expect(harness.lines.joined(separator: "\n").contains("The banana is gone."))
            harness.press(.escape)
            #expect(harness.router.entries.count == 1)
        }
    }
}

/// The "Testing your app" section of README.md, as written there (the
/// harness takes its process-wide turn, so this suite needs no `.serialized`).
@MainActor struct FruitScreenTests {
    @Test func choosingAsksFirst() async {
        await withScreenHarness(size: CellSize(width: 50, height: 12), title: "fruit") { harness in
            harness.start(FruitCoordinator(router: harness.router))
            harness.press(.down, .enter)          // one batch of keys, then a render
            #expect(harness.lines[0] == " fruit › Fruit")
            #expect(harness.contains("Eat the banana?"))
            harness.expectSnapshot("eat-the-banana")
        }
    }
}
