import Observation

/// One note.
package struct Note: Hashable, Sendable, Codable {
    package var id: Int
    package var title: String
    package var body: String

    /// The longest body a note may have: what the edit sheet's text area
    /// holds (the framework's `TextAreaEditor.defaultMaximumLength`), so a
    /// note read from the file is never cut by editing it.
    package static let maximumBodyLength = 100_000

    package init(id: Int, title: String, body: String) {
        self.id = id
        self.title = title
        self.body = body
    }
}

/// The notes, in insertion order. `@Observable`: the screens that show
/// notes observe it, so a change reaches them without anyone's call.
///
/// With a ``NotesFile`` every change is saved at once (atomically). A change
/// is made in memory first: when the save fails the change stays (nothing
/// the user wrote is lost), the error is thrown for the screen to show, and
/// the next change that saves writes it too.
@MainActor @Observable
package final class NoteStore {
    package private(set) var notes: [Note]
    /// Where the notes are saved; nil keeps them in memory only.
    @ObservationIgnored package let file: NotesFile?
    /// True from a failed save until a save succeeds: the notes on screen
    /// differ from the file, and quitting now would lose them.
    package private(set) var hasUnsavedChanges = false
    /// How much may be kept (a served visitor's); nil: no limit.
    @ObservationIgnored package var quota: NoteQuota?

    package init(notes: [Note] = [], file: NotesFile? = nil, quota: NoteQuota? = nil) {
        self.notes = notes
        self.file = file
        self.quota = quota
    }

    /// The notes in `file`, or `samples` when there is no file yet (the
    /// file is written at the first change). Throws when the file exists
    /// but cannot be read or is not a notes file.
    package static func open(_ file: NotesFile, samples: Int) throws(NotesFileError) -> NoteStore {
        guard let notes = try file.load() else { return NoteStore(notes: sample(count: samples).notes, file: file) }
        return NoteStore(notes: notes, file: file)
    }

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

    /// Adds `note`, then saves (see the type's summary for a failed save).
    /// Past the ``quota`` nothing changes and the error says so.
    package func add(_ note: Note) throws(NotesFileError) {
        try checkQuota(after: notes + [note])
        notes.append(note)
        try save()
    }

    /// Replaces the note with `note`'s id, if there is one, then saves;
    /// past the ``quota`` nothing changes and the error says so.
    package func update(_ note: Note) throws(NotesFileError) {
        guard let index = index(ofNote: note.id) else { return }
        var after = notes
        after[index] = note
        try checkQuota(after: after)
        notes = after
        try save()
    }

    /// Why adding `note` (or replacing the note of its id) would go past
    /// the ``quota``, in one line; nil when it fits (or there is no quota).
    package func quotaProblem(saving note: Note) -> String? {
        guard let quota else { return nil }
        var after = notes
        if let index = index(ofNote: note.id) { after[index] = note } else { after.append(note) }
        return quota.problem(from: notes, to: after)
    }

    private func checkQuota(after: [Note]) throws(NotesFileError) {
        guard let problem = quota?.problem(from: notes, to: after) else { return }
        var error = NotesFileError(path: file?.path ?? "", problem: problem)
        error.exceedsQuota = true
        throw error
    }

    /// Deletes the note `id`, then saves.
    package func delete(id: Int) throws(NotesFileError) {
        notes.removeAll { $0.id == id }
        try save()
    }

    /// Writes every note to the file (nothing without one); also the retry
    /// after a failed save.
    package func save() throws(NotesFileError) {
        guard let file else { return }
        do {
            try file.save(notes)
            hasUnsavedChanges = false
        } catch {
            hasUnsavedChanges = true
            throw error
        }
    }

    /// Writes every note to `other`, a new file (never over one that is
    /// there): a rescue when the store's own file cannot be written. The
    /// store's own file is still the one it saves to.
    package func saveCopy(to other: NotesFile) throws(NotesFileError) {
        try other.save(notes, replacing: false)
    }
}
