// snippet: chores-app
import ShojiAppKit

@MainActor final class ChoreList: ListScreenRows {
    var chores = ["water the plants", "take out the bins", "feed the cat"]
    weak var output: ChoreListOutput?
    var rowCount: Int { chores.count }
    func row(at index: Int) -> ListRow { ListRow(title: chores[index]) }
    func didChoose(index: Int) { output?.choreWasChosen(chores[index]) }
}

@MainActor protocol ChoreListOutput: AnyObject { func choreWasChosen(_ chore: String) }

@MainActor final class ChoresCoordinator: Coordinator, ChoreListOutput {
    override func start() {
        let list = ChoreList()
        list.output = self
        router.setRoot(ListScreenView(title: "Chores", rows: list), owner: self)
    }

    func choreWasChosen(_ chore: String) {
        confirm("Did you \(chore)?", message: "Say yes once it is done.", confirm: "Yes") { [weak self] in
            self?.presentAlert(.notice("Well done", message: "You did \(chore)."))
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
func choresMain() {
// snippet: chores-main
MainActor.assumeIsolated {
    ShojiApp(name: "chores", arguments: Array(CommandLine.arguments.dropFirst())).run { context in
        ChoresCoordinator(router: context.router)
    }
}
// end snippet
}

extension AppKitSuite {
    @Suite @MainActor struct YourOwnAppReadmeTests {
        @Test func theReadmesAppRunsHeadlessly() {
            let harness = ScreenHarness(size: CellSize(width: 50, height: 12), title: "demo")
            defer { harness.end() }
            let root = ChoresCoordinator(router: harness.router)
            root.start()
            #expect(harness.lines[0] == " demo › Chores")
            #expect(harness.lines[1].hasPrefix("water the plants"))
            harness.press(.down, .enter)
            #expect(harness.lines.joined(separator: "\n").contains("Did you take out the bins?"))
            harness.press(.enter)
            #expect(harness.lines.joined(separator: "\n").contains("You did take out the bins."))
            harness.press(.escape)
            #expect(harness.router.entries.count == 1)
        }
    }
}

/// The Testing article's first screen test, as written there (the harness
/// takes its process-wide turn, so this suite needs no `.serialized`).
// snippet: chores-test
@MainActor struct ChoresScreenTests {
    @Test func choosingAsksFirst() async {
        await withScreenHarness(size: CellSize(width: 50, height: 12), title: "chores") { harness in
            harness.start(ChoresCoordinator(router: harness.router))
            harness.press(.down, .enter)          // one batch of keys, then a render
            #expect(harness.lines[0] == " chores › Chores")
            #expect(harness.contains("Did you take out the bins?"))
            harness.expectSnapshot("did-you-take-out-the-bins")
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
        let shown = [("README.md", Snippets.articleSnippets(in: readme), ["chores-app", "chores-main"]),
                     ("Testing.md", Snippets.articleSnippets(in: testing), ["chores-test"])]
        for (document, snippets, names) in shown {
            #expect(Set(snippets.keys) == Set(names), "\(document) marks exactly \(names)")
            for name in names {
                #expect(snippets[name] != nil && snippets[name] == regions[name],
                        "\(document)'s snippet '\(name)' differs from YourOwnAppReadmeTests.swift")
            }
        }
    }
}
