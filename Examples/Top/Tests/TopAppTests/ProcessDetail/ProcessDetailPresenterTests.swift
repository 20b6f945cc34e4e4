import TopPresenters
import Testing

@MainActor
struct ProcessDetailPresenterTests {
    @Test func showsItsHeadingWhenTheViewLoads() {
        let view = MockProcessDetailView()
        let presenter = ProcessDetailPresenter()
        presenter.view = view
        presenter.viewDidLoad()
        #expect(view.shown.count == 1)
        #expect(view.shown.first?.heading == "ProcessDetail")
    }

    @Test func enterFinishesOnce() {
        let output = MockProcessDetailOutput()
        let presenter = ProcessDetailPresenter()
        presenter.output = output
        presenter.didPressEnter()
        #expect(output.finished == 1)
    }
}
