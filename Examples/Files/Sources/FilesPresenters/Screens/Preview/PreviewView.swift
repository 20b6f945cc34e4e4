import ShojiPresentation

/// What the preview presenter may tell its view.
@MainActor
package protocol PreviewView: AnyObject {
    func show(title: String, fields: [DetailField], paragraphs: [String])
}
