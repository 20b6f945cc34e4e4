import ShojiNavigation

/// An alert's content: the coordinator decides the words and buttons, the
/// module returns the chosen button index through a `ResultChannel`.
public struct AlertContent: Equatable, Sendable {
    public var title: String
    public var message: String
    public var buttons: [String]
    /// The button Esc chooses.
    public var cancelIndex: Int?

    public init(title: String, message: String, buttons: [String], cancelIndex: Int? = nil) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.cancelIndex = cancelIndex
    }
}

/// Builds the catalog flow's modules, so coordinators can be tested with
/// fakes and the curses views stay out of them.
@MainActor
public protocol CatalogModuleFactory: AnyObject {
    func makeHome(route: any HomeRoute) -> any Presentable
    /// The list module and its presenter (the coordinator retries through it).
    func makeList(route: any ListRoute) -> (view: any Presentable, presenter: ListPresenter)
    func makeDetail(item: CatalogItem, favourites: any Favourites) -> any Presentable
    func makeAlert(_ content: AlertContent, result: ResultChannel<Int>) -> any Presentable
}
