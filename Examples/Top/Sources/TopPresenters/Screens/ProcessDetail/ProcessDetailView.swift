import ShojiPresentation

/// What the process detail's presenter may tell its view.
@MainActor
package protocol ProcessDetailView: AnyObject {
    /// A heading, labelled values, and paragraphs below them.
    func show(heading: String, fields: [DetailField], paragraphs: [String])
}
