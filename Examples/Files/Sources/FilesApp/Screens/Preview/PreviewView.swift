import ShojiAppKit

/// What the preview presenter may tell its view.
@MainActor
protocol PreviewView: AnyObject {
    func show(title: String, fields: [DetailField], paragraphs: [String])
}
