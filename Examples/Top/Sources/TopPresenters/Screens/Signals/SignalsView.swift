/// What the signal sheet's presenter may tell its view.
@MainActor
package protocol SignalsView: AnyObject {
    /// The signals changed (never, today): ask again.
    func showRows()
}
