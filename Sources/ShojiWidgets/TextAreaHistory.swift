/// A text area's undo and redo: each step is an edit (what was replaced, by
/// what, where the cursor was), not a copy of the text, so a long text with
/// many steps costs what its edits do.
struct TextAreaHistory: Sendable {
    /// One replacement of `removed` by `inserted` at `location`.
    struct Edit: Sendable {
        enum Kind: Sendable { case typing, backspace, delete, other }
        var kind: Kind
        var location: Int
        var removed: [Character]
        var inserted: [Character]
        var cursorBefore: Int
        var cursorAfter: Int
    }

    /// The most steps kept; older ones are forgotten.
    static let depth = 200

    private(set) var undoSteps: [Edit] = []
    private(set) var redoSteps: [Edit] = []
    /// False after a move, an undo or a redo: the next edit starts a new step
    /// even when it continues the last one's run.
    private var runIsOpen = false

    /// Ends the current run of typing or deleting.
    mutating func breakRun() { runIsOpen = false }

    /// Records `edit`, joining it to the last step when both are one run of
    /// typing (or of Backspace, or of Delete) with nothing else in between.
    mutating func record(_ edit: Edit) {
        redoSteps.removeAll()
        if runIsOpen, edit.kind != .other, var last = undoSteps.last, last.kind == edit.kind,
           Self.join(&last, edit) {
            undoSteps[undoSteps.count - 1] = last
        } else {
            undoSteps.append(edit)
            if undoSteps.count > Self.depth { undoSteps.removeFirst() }
        }
        runIsOpen = edit.kind != .other
    }

    /// The step to undo; it moves to the redo list.
    mutating func popUndo() -> Edit? {
        guard let edit = undoSteps.popLast() else { return nil }
        redoSteps.append(edit)
        runIsOpen = false
        return edit
    }

    /// The step to redo; it moves back to the undo list.
    mutating func popRedo() -> Edit? {
        guard let edit = redoSteps.popLast() else { return nil }
        undoSteps.append(edit)
        runIsOpen = false
        return edit
    }

    /// Joins `next` to `last` when it continues it; false when it does not.
    private static func join(_ last: inout Edit, _ next: Edit) -> Bool {
        switch next.kind {
        case .typing where next.location == last.location + last.inserted.count:
            last.inserted += next.inserted
        case .backspace where next.location + next.removed.count == last.location:
            last.location = next.location
            last.removed = next.removed + last.removed
        case .delete where next.location == last.location:
            last.removed += next.removed
        default:
            return false
        }
        last.cursorAfter = next.cursorAfter
        return true
    }
}
