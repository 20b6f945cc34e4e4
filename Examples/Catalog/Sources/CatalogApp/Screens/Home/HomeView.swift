/// What the home presenter may tell its view.
@MainActor
package protocol HomeView: AnyObject {
    func show(title: String, summary: String, hint: String)
}

/// What Home may ask of its coordinator.
@MainActor
package protocol HomeRoute: AnyObject {
    func homeDidRequestBrowse()
}
