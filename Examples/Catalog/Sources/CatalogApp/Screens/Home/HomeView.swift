/// What the home presenter may tell its view.
@MainActor
public protocol HomeView: AnyObject {
    func show(title: String, summary: String, hint: String)
}

/// What Home may ask of its coordinator.
@MainActor
public protocol HomeRoute: AnyObject {
    func homeDidRequestBrowse()
}
