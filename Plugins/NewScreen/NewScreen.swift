import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-screen Settings [--target App] [--tests AppTests]`
///
/// Writes a screen module into the target's `Screens/<Name>/` (the View
/// protocol, the Presenter, the PanelView, the Route protocol) and, into the
/// test target's `<Name>/`, a mock view and route, a presenter test and a
/// snapshot test on the screen harness; then prints the lines the
/// coordinator needs. It never overwrites a file.
@main
struct NewScreen: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetOption = extractor.extractOption(named: "target").last
        let testsOption = extractor.extractOption(named: "tests").last
        let names = extractor.remainingArguments
        guard names.count == 1, let name = names.first else {
            throw Failure("usage: swift package --allow-writing-to-package-directory new-screen <Name> [--target <Target>] [--tests <TestTarget>]")
        }
        try Self.validate(name)

        let sources = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
        let target: SwiftSourceModuleTarget
        if let targetOption {
            guard let found = sources.first(where: { $0.name == targetOption && $0.kind != .test }) else {
                throw Failure("no Swift target named \(targetOption) in \(context.package.displayName)")
            }
            target = found
        } else {
            let candidates = sources.filter { $0.kind == .generic }
            guard candidates.count == 1, let only = candidates.first else {
                throw Failure("say which target gets the screen: --target <Target> (library targets: \(candidates.map(\.name).joined(separator: ", ")))")
            }
            target = only
        }
        var tests: SwiftSourceModuleTarget?
        if let testsOption {
            guard let found = sources.first(where: { $0.name == testsOption && $0.kind == .test }) else {
                throw Failure("no test target named \(testsOption) in \(context.package.displayName)")
            }
            tests = found
        } else {
            tests = sources.first { $0.kind == .test && $0.name == target.name + "Tests" }
                ?? sources.first { candidate in
                    candidate.kind == .test && candidate.dependencies.contains { dependency in
                        if case .target(let dependent) = dependency { dependent.name == target.name } else { false }
                    }
                }
        }

        let screenFolder = target.directoryURL.appendingPathComponent("Screens").appendingPathComponent(name)
        var files = Templates.screen(name: name).map { (screenFolder.appendingPathComponent($0.file), $0.text) }
        let testFolder = tests.map { $0.directoryURL.appendingPathComponent(name) }
        if let testFolder {
            files += Templates.tests(name: name, module: target.name).map { (testFolder.appendingPathComponent($0.file), $0.text) }
        }
        let existing = files.map(\.0).filter { FileManager.default.fileExists(atPath: $0.path) }
        guard existing.isEmpty else {
            throw Failure("not overwriting: \(existing.map(\.path).joined(separator: ", "))")
        }
        for (url, text) in files {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            print("wrote \(url.path)")
        }
        if tests == nil {
            print("no test target found for \(target.name) (name one with --tests): tests not written")
        }
        let variable = name.prefix(1).lowercased() + name.dropFirst()
        print("""

            Show it from a coordinator that adopts \(name)Route:

                let \(variable) = \(name)Presenter()
                \(variable).route = self
                router.push(\(name)PanelView(presenter: \(variable)), owner: self)

                func \(variable)DidFinish() { router.pop() }
            """)
        if let testFolder {
            print("""

                The snapshot test records \(testFolder.path)/__Snapshots__ on its first run; to keep SwiftPM
                from warning about it, add to the test target: exclude: ["\(name)/__Snapshots__"]
                """)
        }
    }

    static func validate(_ name: String) throws {
        let keywords: Set<String> = ["Any", "Self", "Type", "Protocol"]
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first),
              name.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }),
              !keywords.contains(name)
        else {
            throw Failure("'\(name)' is not a screen name: use an UpperCamelCase Swift identifier (letters and digits, first an upper-case letter), such as Settings or NoteEditor")
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = "new-screen: " + description }
}

enum Templates {
    static func screen(name: String) -> [(file: String, text: String)] {
        let variable = name.prefix(1).lowercased() + name.dropFirst()
        return [
            ("\(name)Route.swift", """
            import ShojiAppKit

            /// What the \(name) screen asks of the outside world; its coordinator answers.
            @MainActor
            protocol \(name)Route: AnyObject {
                /// The user is done with the screen (Enter).
                func \(variable)DidFinish()
            }

            """),
            ("\(name)View.swift", """
            import ShojiAppKit

            /// What the \(name) presenter may tell its view.
            @MainActor
            protocol \(name)View: AnyObject {
                /// Shows a heading and lines of text.
                func show(heading: String, lines: [String])
            }

            """),
            ("\(name)Presenter.swift", """
            import ShojiAppKit

            /// The \(name) screen's state and formatting; never imports curses and never navigates itself.
            @MainActor
            final class \(name)Presenter {
                weak var view: \(name)View?
                weak var route: \(name)Route?

                init() {}

                /// The view is ready: tell it what to show.
                func viewDidLoad() {
                    view?.show(heading: "\(name)", lines: ["Nothing here yet.", "Press Enter when done."])
                }

                /// Enter: done.
                func didPressEnter() { route?.\(variable)DidFinish() }
            }

            """),
            ("\(name)PanelView.swift", """
            import ShojiAppKit

            /// The \(name) screen as a panel: draws what the presenter says and forwards keys.
            final class \(name)PanelView: PanelView, \(name)View {
                let presenter: \(name)Presenter
                private var heading = ""
                private var lines: [String] = []

                init(presenter: \(name)Presenter) {
                    self.presenter = presenter
                    super.init(title: "\(name)")
                    bind([.enter], "done") { [weak presenter] in presenter?.didPressEnter() }
                    presenter.view = self
                    presenter.viewDidLoad()
                }

                func show(heading: String, lines: [String]) {
                    self.heading = heading
                    self.lines = lines
                    setNeedsDisplay()
                }

                override func draw(_ canvas: inout Canvas) {
                    canvas.text(heading, at: CellPoint(x: 0, y: 0))
                    for (row, line) in lines.enumerated() {
                        canvas.text(line, at: CellPoint(x: 0, y: row + 2))
                    }
                }
            }

            """),
        ]
    }

    static func tests(name: String, module: String) -> [(file: String, text: String)] {
        let variable = name.prefix(1).lowercased() + name.dropFirst()
        return [
            ("Mock\(name)View.swift", """
            @testable import \(module)

            /// Records what the presenter told its view.
            @MainActor
            final class Mock\(name)View: \(name)View {
                var shown: [(heading: String, lines: [String])] = []
                func show(heading: String, lines: [String]) { shown.append((heading, lines)) }
            }

            /// Counts what the presenter asked of its coordinator.
            @MainActor
            final class Mock\(name)Route: \(name)Route {
                var finished = 0
                func \(variable)DidFinish() { finished += 1 }
            }

            """),
            ("\(name)PresenterTests.swift", """
            import Testing
            @testable import \(module)

            @MainActor
            struct \(name)PresenterTests {
                @Test func showsItsHeadingWhenTheViewLoads() {
                    let view = Mock\(name)View()
                    let presenter = \(name)Presenter()
                    presenter.view = view
                    presenter.viewDidLoad()
                    #expect(view.shown.count == 1)
                    #expect(view.shown.first?.heading == "\(name)")
                }

                @Test func enterFinishesOnce() {
                    let route = Mock\(name)Route()
                    let presenter = \(name)Presenter()
                    presenter.route = route
                    presenter.didPressEnter()
                    #expect(route.finished == 1)
                }
            }

            """),
            ("\(name)SnapshotTests.swift", """
            import Testing
            import ShojiAppKit
            import ShojiTesting
            @testable import \(module)

            @MainActor
            struct \(name)SnapshotTests {
                /// The screen on a headless terminal, compared with `__Snapshots__/\(name)SnapshotTests/\(variable).txt`
                /// beside this file (recorded on the first run; SHOJI_RECORD_SNAPSHOTS=1 records it again).
                @Test func drawsOnAHeadlessScreen() async {
                    await withScreenHarness(size: CellSize(width: 60, height: 12)) { harness in
                        let route = Mock\(name)Route()
                        let presenter = \(name)Presenter()
                        presenter.route = route
                        harness.router.setRoot(\(name)PanelView(presenter: presenter), owner: nil)
                        harness.render()
                        #expect(harness.lines[0] == " app › \(name)")
                        #expect(harness.contains("Nothing here yet."))
                        harness.expectSnapshot("\(variable)")
                        harness.press(.enter)
                        #expect(route.finished == 1)
                    }
                }
            }

            """),
        ]
    }
}
