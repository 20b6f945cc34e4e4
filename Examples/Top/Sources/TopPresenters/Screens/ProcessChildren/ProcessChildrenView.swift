/// What the children list's presenter may tell its view.
@MainActor
package protocol ProcessChildrenView: AnyObject {
    /// The children changed: draw `ProcessChildrenPresenter.rows` again.
    func showChildren()
}
