import Foundation

/// Checks the form and reports save or cancel.
@MainActor
package final class NewNotePresenter {
    package weak var view: (any NewNoteView)?
    package weak var route: (any NewNoteRoute)?

    package init() {}

    package func save(_ values: [String: String]) {
        let title = (values["title"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return view?.showError("A note needs a title", forField: "title") ?? () }
        view?.showError(nil, forField: "title")
        route?.newNoteDidSave(title: title, body: values["body"] ?? "")
    }

    package func cancel() { route?.newNoteDidCancel() }
}
