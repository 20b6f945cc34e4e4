import TopPresenters
import Testing

@MainActor
struct SignalsPresenterTests {
    @Test func showsItsHeadingWhenTheViewLoads() {
        let view = MockSignalsView()
        let presenter = SignalsPresenter()
        presenter.view = view
        presenter.viewDidLoad()
        #expect(view.shown.count == 1)
        #expect(view.shown.first?.heading == "Signals")
    }

    @Test func enterFinishesOnce() {
        let output = MockSignalsOutput()
        let presenter = SignalsPresenter()
        presenter.output = output
        presenter.didPressEnter()
        #expect(output.finished == 1)
    }
}
