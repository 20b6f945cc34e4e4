import ShojiAppKit
import TopPresenters

/// The `top` command line: its own options beside the kit's.
struct TopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "top",
        abstract: "Watch processes: CPUs, memory and load, the processes in a table or a tree, signals.",
        discussion: "Reads /proc (Linux). Keys: / filter, s/S sort, t tree, space pause, k signal, Enter detail, ? help. "
            + "Paths for --open: <pid>, <pid>/children, <pid>/children/<child pid>/..."
    )

    @Option(name: [.customShort("d"), .customLong("delay")],
            help: ArgumentHelp("Seconds between refreshes, 0.1 to 3600 (default 1).", valueName: "seconds"))
    var delay: String = "1"

    @Flag(name: .customLong("read-only"), help: "Offer no signals (top-serve's visitors).")
    var readOnly = false

    @Flag(name: .customLong("show-environment"),
          help: "Served (top-serve): show every process's environment, the passwords and keys it was started with. Always shown when run locally.")
    var showEnvironment = false

    @Flag(name: .customLong("show-arguments"),
          help: "Served (top-serve): show the whole command line of processes outside the visitor's session, not only the program name. Always shown when run locally.")
    var showArguments = false

    @Option(name: .customLong("hide-environment-of"),
            help: ArgumentHelp("Never show the environment of this process or of any under it (top-serve passes its own).", valueName: "pid"))
    var hideEnvironmentOf: [Int32] = []

    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions

    /// `--delay` as a duration; nil when it is not a number in range.
    static func delay(_ text: String) -> Duration? {
        guard let seconds = Double(text), seconds.isFinite, (0.1...3600).contains(seconds) else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// What the monitor shows of environments and arguments: everything
    /// when run locally; when `served` (a visitor of top-serve), no
    /// environment and only the program name outside `session` (the
    /// visitor's own), unless `--show-environment` / `--show-arguments`.
    /// `--hide-environment-of`'s processes never show theirs.
    func privacy(served: Bool, session: Int32) -> ProcessPrivacy {
        let protected = Set(hideEnvironmentOf)
        guard served else { return ProcessPrivacy(showsEnvironment: true, showsArguments: true, protected: protected) }
        return ProcessPrivacy(showsEnvironment: showEnvironment, showsArguments: showArguments, ownSession: session,
                              protected: protected)
    }

    func validate() throws {
        if Self.delay(delay) == nil {
            throw ValidationError("--delay takes seconds from 0.1 to 3600, not '\(ControlCharacters.logged(delay, limit: 40))'")
        }
    }
}
