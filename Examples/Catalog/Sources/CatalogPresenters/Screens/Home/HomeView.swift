import CatalogModel

/// What the home presenter may tell its view.
@MainActor
package protocol HomeView: AnyObject {
    func show(title: String, summary: String, hint: String)
}

