import TopPresenters
import Testing

@MainActor
struct ProcessesPresenterTests {
    @Test func showsItsHeadingWhenTheViewLoads() {
        let view = MockProcessesView()
        let presenter = ProcessesPresenter()
        presenter.view = view
        presenter.viewDidLoad()
        #expect(view.shown.count == 1)
        #expect(view.shown.first?.heading == "Processes")
    }

    @Test func enterFinishesOnce() {
        let output = MockProcessesOutput()
        let presenter = ProcessesPresenter()
        presenter.output = output
        presenter.didPressEnter()
        #expect(output.finished == 1)
    }
}
