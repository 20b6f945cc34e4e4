/// What the monitor shows of what processes were started with: their
/// environments (`/proc/<pid>/environ`: the passwords, tokens and keys a
/// program was given) and their arguments (`/proc/<pid>/cmdline`, which
/// can hold the same). The local `top` shows everything its user can read
/// (``everything``); `top-serve` hides both from its visitors unless the
/// operator opts in, and never shows its own environment.
package struct ProcessPrivacy: Sendable, Equatable {
    /// Whether a process's environment is shown (when readable).
    package var showsEnvironment: Bool
    /// Whether the command line of a process outside ``ownSession`` is
    /// shown whole; when not, it is cut to the program name (the kernel's
    /// `comm`, which every user can read).
    package var showsArguments: Bool
    /// The session (`getsid`) whose command lines are always shown whole:
    /// the visitor's own `top`, which the server started in a session of its
    /// own.
    package var ownSession: Int32?
    /// Processes whose environment is never shown, nor that of any process
    /// under them, whatever ``showsEnvironment`` says: the server that
    /// started this `top` (its environment is the operator's) and so its
    /// sessions (theirs name other visitors).
    package var protected: Set<Int32>

    /// Shows `environment`s, and `arguments` outside `ownSession`, except
    /// the environments of `protected` processes and those under them.
    package init(showsEnvironment: Bool, showsArguments: Bool, ownSession: Int32? = nil, protected: Set<Int32> = []) {
        self.showsEnvironment = showsEnvironment
        self.showsArguments = showsArguments
        self.ownSession = ownSession
        self.protected = protected
    }

    /// Everything the user can read: the local `top`.
    package static let everything = ProcessPrivacy(showsEnvironment: true, showsArguments: true)

    /// Whether the command line of a process in `session` is shown whole.
    func showsArguments(ofSession session: Int32) -> Bool {
        showsArguments || (ownSession != nil && session == ownSession)
    }
}
