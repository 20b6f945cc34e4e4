import Foundation

/// How much one visitor of a served notes app may keep: a number of notes
/// and the bytes of its `notes.json`. A change that would go past either
/// is refused with one line saying which and what to do; a change that
/// does not grow the notes (an edit that shortens, a delete) is always
/// allowed, even over the quota.
package struct NoteQuota: Sendable, Equatable {
    /// The most notes.
    package var maximumNotes: Int
    /// The most bytes of `notes.json` (as a save writes it).
    package var maximumBytes: Int

    /// What the servers give each visitor unless told otherwise.
    package static let defaultMaximumNotes = 1000
    /// 1 MiB.
    package static let defaultMaximumBytes = 1 << 20

    package init(maximumNotes: Int = defaultMaximumNotes, maximumBytes: Int = defaultMaximumBytes) {
        self.maximumNotes = maximumNotes
        self.maximumBytes = maximumBytes
    }

    /// Why the notes may not go from `before` to `after`, in one line; nil
    /// when they may.
    package func problem(from before: [Note], to after: [Note]) -> String? {
        if after.count > maximumNotes, after.count > before.count {
            return "Quota reached: at most \(maximumNotes) \(maximumNotes == 1 ? "note" : "notes") here; delete one to add another"
        }
        guard maximumBytes < Int.max else { return nil }
        let bytes = (try? NotesFile.encoded(after).count) ?? Int.max
        if bytes > maximumBytes, bytes > (try? NotesFile.encoded(before).count) ?? 0 {
            return "Quota reached: at most \(Self.size(maximumBytes)) of notes here (this would make \(Self.size(bytes))); "
                + "shorten or delete notes"
        }
        return nil
    }

    /// `1 MiB`, `512 KiB`, `900 bytes`: a size as the message shows it.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 { return bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
        if bytes >= 1 << 10 { return bytes % (1 << 10) == 0 ? "\(bytes >> 10) KiB" : String(format: "%.1f KiB", Double(bytes) / Double(1 << 10)) }
        return "\(bytes) bytes"
    }
}
