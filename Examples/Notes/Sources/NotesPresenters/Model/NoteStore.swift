import Observation

/// One note.
package struct Note: Hashable, Sendable {
    package var id: Int
    package var title: String
    package var body: String

    package init(id: Int, title: String, body: String) {
        self.id = id
        self.title = title
        self.body = body
    }
}

/// The notes, in memory, in insertion order. `@Observable`: the screens that
/// show notes observe it, so a change reaches them without anyone's call.
@MainActor @Observable
package final class NoteStore {
    package private(set) var notes: [Note]

    package init(notes: [Note] = []) { self.notes = notes }

    package static func sample(count: Int) -> NoteStore {
        let topics = ["Groceries", "Meeting", "Idea", "Book", "Trip", "Recipe", "Todo", "Quote"]
        return NoteStore(notes: (1...max(1, count)).map { id in
            let topic = topics[(id - 1) % topics.count]
            return Note(id: id, title: "\(topic) \(id)",
                        body: "Sample note number \(id) about \(topic.lowercased()). Edit me in your head.")
        })
    }

    /// The id the next added note should take.
    package var nextID: Int { (notes.map(\.id).max() ?? 0) + 1 }

    package func note(id: Int) -> Note? { notes.first { $0.id == id } }

    package func index(ofNote id: Int) -> Int? { notes.firstIndex { $0.id == id } }

    package func add(_ note: Note) { notes.append(note) }

    /// Replaces the note with `note`'s id, if there is one.
    package func update(_ note: Note) {
        guard let index = index(ofNote: note.id) else { return }
        notes[index] = note
    }

    package func delete(id: Int) { notes.removeAll { $0.id == id } }
}
