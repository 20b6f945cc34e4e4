import CatalogModel
import CatalogPresenters
import ShojiCurses
import ShojiNavigation
import ShojiWidgets

/// One item with every field; `f` toggles the favourite.
@MainActor
final class DetailPanelView: PanelView, DetailView {
    let presenter: DetailPresenter
    private let detail = DetailWidget(title: "")
    private var favourite: FavouriteState = .off
    private var message: String?
    /// Clears `message`: a note ("Added to Favourites") shows for a moment,
    /// not until the screen closes.
    private var messageTimer: ScheduledTimer?
    private let clock: any LoopClock
    /// How long a message shows.
    static let messageDuration = Duration.seconds(3)

    init(presenter: DetailPresenter, clock: any LoopClock) {
        self.presenter = presenter
        self.clock = clock
        super.init(title: presenter.title)
        content = detail
        // A guest sees a hint in place of the toggle, so `f` is not offered.
        bind([.character("f")], "favourite", when: { [unowned self] in
            if case .unavailable = favourite { false } else { true }
        }) { [weak presenter] in presenter?.didPressToggleFavourite() }
        presenter.view = self
        screenWork = presenter.work
        presenter.viewDidLoad()
    }

    func showLoading() {
        detail.paragraphs = ["Loading…"]
    }

    func show(title: String, fields: [(label: String, value: String)], favourite: FavouriteState) {
        self.favourite = favourite
        self.title = title
        detail.show(title: title, fields: fields.map { DetailField($0.label, $0.value) }, paragraphs: paragraphs)
    }

    func showMessage(_ message: String) {
        self.message = message
        updateParagraphs()
        messageTimer?.cancel()
        messageTimer = clock.after(Self.messageDuration) { [weak self] in
            self?.message = nil
            self?.updateParagraphs()
        }
    }

    private func updateParagraphs() {
        detail.paragraphs = paragraphs
    }

    /// The favourite's state, then the note of the moment.
    private var paragraphs: [String] {
        let status: String
        switch favourite {
        case .on: status = "★ In your favourites (f to remove)"
        case .off: status = "☆ Not in your favourites (f to add)"
        case .unavailable(let hint): status = hint
        }
        return [status] + (message.map { [$0] } ?? [])
    }
}

/// Beside the list, the preview follows the highlight in place: the same
/// screen, flow and panel, told the new item (Down at list speed, not a new
/// module per key).
extension DetailPanelView: ReusableItemDetail {
    func showItem(_ itemID: AnyHashable) -> Bool {
        guard let id = itemID.base as? String else { return false }
        message = nil
        messageTimer?.cancel()
        routeComponent = id
        presenter.show(itemID: id)
        return true
    }
}
