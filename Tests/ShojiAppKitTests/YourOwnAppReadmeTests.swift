// snippet: fruit-app
import ShojiAppKit

@MainActor final class Fruit: ListScreenRows {
    var names = ["apple", "banana", "cherry"]
    weak var output: FruitOutput?
    var rowCount: Int { names.count }
    func row(at index: Int) -> ListRow { ListRow(title: names[index]) }
    func didChoose(index: Int) { output?.fruitWasChosen(names[index]) }
}

@MainActor protocol FruitOutput: AnyObject { func fruitWasChosen(_ name: String) }

@MainActor final class FruitCoordinator: Coordinator, FruitOutput {
    override func start() {
        let fruit = Fruit()
        fruit.output = self
        router.setRoot(ListScreenView(title: "Fruit", rows: fruit), owner: self)
    }

    func fruitWasChosen(_ name: String) {
        confirm("Eat the \(name)?", message: "There is only one.", confirm: "Eat") { [weak self] in
            self?.presentAlert(.notice("Done", message: "The \(name) is gone."))
        }
    }
}
// end snippet

import Foundation
import Testing
import ShojiTesting

// README.md's "A thirty-line app", compiled and run headlessly here, and its
// test as the Testing article shows it; `theDocumentsShowThisCode` checks
// that both show exactly these regions, so neither can drift from the API.

/// The README app's `main.swift`, compiled but never called: `run` takes
/// over the real terminal and never returns.
func fruitMain() {
// snippet: fruit-main
MainActor.assumeIsolated {
    ShojiApp(name: "fruit", arguments: Array(CommandLine.arguments.dropFirst())).run { context in
        FruitCoordinator(router: context.router)
    }
}
// end snippet
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

/// The Testing article's first screen test, as written there (the harness
/// takes its process-wide turn, so this suite needs no `.serialized`).
// snippet: fruit-test
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
// end snippet

/// The README and the Testing article show the regions above.
struct YourOwnAppDocumentsTests {
    @Test func theDocumentsShowThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let code = try String(contentsOf: here, encoding: .utf8)
        let regions = Snippets.regions(in: code)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let testing = try String(contentsOf: root.appendingPathComponent("Sources/ShojiAppKit/ShojiAppKit.docc/Testing.md"),
                                 encoding: .utf8)
        let shown = [("README.md", Snippets.articleSnippets(in: readme), ["fruit-app", "fruit-main"]),
                     ("Testing.md", Snippets.articleSnippets(in: testing), ["fruit-test"])]
        for (document, snippets, names) in shown {
            #expect(Set(snippets.keys) == Set(names), "\(document) marks exactly \(names)")
            for name in names {
                #expect(snippets[name] != nil && snippets[name] == regions[name],
                        "\(document)'s snippet '\(name)' differs from YourOwnAppReadmeTests.swift")
            }
        }
    }
}
