/// What `new-screen` writes. The view protocol, presenter and route import
/// only ShojiPresentation (or nothing): they live in the presenters target,
/// which cannot reach curses. Declarations are `package`: the panel view and
/// the tests are in other targets of the same package.
enum Templates {
    static func presentation(name: String) -> [(file: String, text: String)] {
        let variable = name.prefix(1).lowercased() + name.dropFirst()
        return [
            ("\(name)Route.swift", """
            /// What the \(name) screen asks of the outside world; its coordinator answers.
            @MainActor
            package protocol \(name)Route: AnyObject {
                /// The user is done with the screen (Enter).
                func \(variable)DidFinish()
            }

            """),
            ("\(name)View.swift", """
            /// What the \(name) presenter may tell its view.
            @MainActor
            package protocol \(name)View: AnyObject {
                /// Shows a heading and lines of text.
                func show(heading: String, lines: [String])
            }

            """),
            ("\(name)Presenter.swift", """
            import ShojiPresentation

            /// The \(name) screen's state and formatting. It cannot draw (its
            /// target has no curses) and never navigates itself.
            @MainActor
            package final class \(name)Presenter {
                package weak var view: (any \(name)View)?
                package weak var output: (any \(name)Route)?

                package init() {}

                /// The view is ready: tell it what to show.
                package func viewDidLoad() {
                    view?.show(heading: "\(name)", lines: ["Nothing here yet.", "Press Enter when done."])
                }

                /// Enter: done.
                package func didPressEnter() { output?.\(variable)DidFinish() }
            }

            """),
        ]
    }

    static func panelView(name: String, presenters: String) -> [(file: String, text: String)] {
        [
            ("\(name)PanelView.swift", """
            import \(presenters)
            import ShojiAppKit

            /// The \(name) screen as a panel: draws what the presenter says and forwards keys.
            @MainActor
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

    static func tests(name: String, app: String, presenters: String) -> [(file: String, text: String)] {
        let variable = name.prefix(1).lowercased() + name.dropFirst()
        return [
            ("Mock\(name)View.swift", """
            import \(presenters)

            /// Records what the presenter told its view.
            @MainActor
            final class Mock\(name)View: \(name)View {
                var shown: [(heading: String, lines: [String])] = []
                func show(heading: String, lines: [String]) { shown.append((heading, lines)) }
            }

            /// Counts what the presenter asked of its coordinator.
            @MainActor
            final class Mock\(name)Output: \(name)Route {
                var finished = 0
                func \(variable)DidFinish() { finished += 1 }
            }

            """),
            ("\(name)PresenterTests.swift", """
            import \(presenters)
            import Testing

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
                    let route = Mock\(name)Output()
                    let presenter = \(name)Presenter()
                    presenter.output = output
                    presenter.didPressEnter()
                    #expect(route.finished == 1)
                }
            }

            """),
            ("\(name)SnapshotTests.swift", """
            @testable import \(app)
            import \(presenters)
            import ShojiAppKit
            import ShojiTesting
            import Testing

            @MainActor
            struct \(name)SnapshotTests {
                /// The screen on a headless terminal, compared with
                /// `Tests/__Snapshots__/<this test target>/\(name)/\(name)SnapshotTests/\(variable).txt`
                /// (recorded on the first run; SHOJI_RECORD_SNAPSHOTS=1 records it again).
                @Test func drawsOnAHeadlessScreen() async {
                    await withScreenHarness(size: CellSize(width: 60, height: 12)) { harness in
                        let route = Mock\(name)Output()
                        let presenter = \(name)Presenter()
                        presenter.output = output
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
