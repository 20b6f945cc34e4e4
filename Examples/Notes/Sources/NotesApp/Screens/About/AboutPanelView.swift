import NotesPresenters
import ShojiAppKit

/// A few lines about the app.
@MainActor
package final class AboutPanelView: PanelView {
    package init() {
        super.init(title: "About")
        content = DetailWidget(title: "Notes", fields: [DetailField("Built on", "Shoji")], paragraphs: [
            "A small example app: a list of notes, saved in notes.json in its data folder.",
            "Enter opens a note, n writes one, e edits the selected one, d deletes it, / filters. In a note's body Enter is a new line: Ctrl-S saves.",
        ])
    }
}
