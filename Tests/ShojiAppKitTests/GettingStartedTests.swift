// snippet: chore-list
import ShojiAppKit

/// The list's presenter: the rows to show, and what choosing one means.
@MainActor final class ChoreList: ListScreenRows {
    let chores = ["Water the plants", "Take out the bins", "Call grandma"]
    weak var route: ChoreListRoute?
    var rowCount: Int { chores.count }
    func row(at index: Int) -> ListRow { ListRow(title: chores[index]) }
    func didChoose(index: Int) { route?.choreWasChosen(chores[index]) }
}

/// What the list asks of its coordinator.
@MainActor protocol ChoreListRoute: AnyObject { func choreWasChosen(_ chore: String) }
// end snippet

import Foundation
import Testing
import ShojiTesting

// The code of the "Getting started" article
// (Sources/ShojiAppKit/ShojiAppKit.docc/GettingStarted.md), compiled and run
// here; `theArticleShowsThisCode` checks that the article's snippets are
// these regions, character for character.

// snippet: chore-detail
/// The second screen: one chore, drawn by hand.
final class ChoreDetailPanelView: PanelView {
    let chore: String

    init(chore: String) {
        self.chore = chore
        super.init(title: chore)
    }

    override func draw(_ canvas: inout Canvas) {
        canvas.text(chore, at: CellPoint(x: 1, y: 1))
        canvas.text("Esc goes back.", at: CellPoint(x: 1, y: 3))
    }
}

/// The flow: the list, and a detail pushed for the chosen chore.
@MainActor final class ChoresCoordinator: Coordinator, ChoreListRoute {
    override func start() {
        let list = ChoreList()
        list.route = self
        router.setRoot(ListScreenView(title: "Chores", rows: list), owner: self)
    }

    func choreWasChosen(_ chore: String) {
        router.push(ChoreDetailPanelView(chore: chore), owner: self)
    }
}
// end snippet

// snippet: chores-app
/// The root: two tabs, the chores flow and a one-page About.
@MainActor final class ChoresApp: Coordinator {
    override func start() {
        let chores = ChoresCoordinator(router: StackRouter())
        addChild(chores)
        let tabs = TabContainer(tabs: [
            TabContainer.Tab(title: "Chores", coordinator: chores),
            TabContainer.Tab(title: "About", screen: AboutChoresPanelView()),
        ])
        tabs.start()
        router.setRoot(tabs, owner: self)
    }
}

final class AboutChoresPanelView: PanelView {
    init() { super.init(title: "About") }

    override func draw(_ canvas: inout Canvas) {
        canvas.text("Chores, a Shoji tutorial.", at: CellPoint(x: 1, y: 1))
    }
}
// end snippet

// snippet: chores-test
@MainActor struct ChoresTests {
    @Test func aChoreOpensAndBackReturnsToTheList() async {
        await withScreenHarness(size: CellSize(width: 50, height: 12), title: "chores") { harness in
            harness.start(ChoresApp(router: harness.router))
            #expect(harness.lines[0] == " chores › Chores")
            #expect(harness.lines[1].contains("Chores") && harness.lines[1].contains("About"))

            harness.press(.down, .enter)
            #expect(harness.lines[0] == " chores › Chores › Take out the bins")

            harness.press(.escape, .character("2"))
            #expect(harness.contains("Chores, a Shoji tutorial."))
        }
    }
}
// end snippet

/// The article's snippets are the regions above.
struct GettingStartedArticleTests {
    @Test func theArticleShowsThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: root.appendingPathComponent("Sources/ShojiAppKit/ShojiAppKit.docc/GettingStarted.md"), encoding: .utf8)
        let code = try String(contentsOf: here, encoding: .utf8)
        let regions = Snippets.regions(in: code)
        let shown = Snippets.articleSnippets(in: article)
        #expect(Set(shown.keys) == Set(regions.keys), "every region is in the article once, and nothing else is marked")
        for (name, text) in shown {
            #expect(text == regions[name], "the article's snippet '\(name)' differs from GettingStartedTests.swift")
        }
    }
}

/// Marked regions: `// snippet: NAME` ... `// end snippet` in Swift; in the
/// article, `<!-- snippet: NAME -->` right before a ```swift block.
enum Snippets {
    static func regions(in code: String) -> [String: String] {
        var result: [String: String] = [:]
        var name: String?
        var lines: [String] = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("// snippet: ") {
                name = String(line.dropFirst("// snippet: ".count))
                lines = []
            } else if line == "// end snippet", let current = name {
                result[current] = lines.joined(separator: "\n")
                name = nil
            } else if name != nil {
                lines.append(String(line))
            }
        }
        return result
    }

    static func articleSnippets(in article: String) -> [String: String] {
        var result: [String: String] = [:]
        let lines = article.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<!-- snippet: "), line.hasSuffix(" -->"), index + 1 < lines.count, lines[index + 1] == "```swift" {
                let name = String(line.dropFirst("<!-- snippet: ".count).dropLast(" -->".count))
                var end = index + 2
                while end < lines.count, lines[end] != "```" { end += 1 }
                result[name] = lines[(index + 2)..<end].joined(separator: "\n")
                index = end
            }
            index += 1
        }
        return result
    }
}
