import ShojiAppKit

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

    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions

    /// `--delay` as a duration; nil when it is not a number in range.
    static func delay(_ text: String) -> Duration? {
        guard let seconds = Double(text), seconds.isFinite, (0.1...3600).contains(seconds) else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    func validate() throws {
        if Self.delay(delay) == nil {
            throw ValidationError("--delay takes seconds from 0.1 to 3600, not '\(ControlCharacters.logged(delay, limit: 40))'")
        }
    }
}
