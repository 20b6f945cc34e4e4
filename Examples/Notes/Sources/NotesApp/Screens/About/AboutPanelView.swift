import NotesPresenters
import ShojiAppKit

/// A few lines about the app.
@MainActor
package final class AboutPanelView: PanelView {
    package init() {
        super.init(title: "About")
        content = DetailWidget(title: "Notes", fields: [DetailField("Built on", "Shoji")], paragraphs: [
            "A small example app: a list of notes, saved in notes.json in its data folder.",
            "Enter opens a note, n writes one, e edits it and d deletes it (on the list or the note), / filters titles and bodies. In a note's body Enter is a new line: Ctrl-S saves.",
        ])
    }
}
