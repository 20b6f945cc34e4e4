/// A program run in the background whose output the app reads (`git log`,
/// `git show`, `ps`), off the event loop: the whole output at once
/// (``run()``) or line by line as the reader asks for it (``lines()``).
///
/// The arguments reach the program exactly as given, the first one the
/// program, looked up in `PATH` when it has no slash; no shell reads them.
/// Each run is a child process spawned with `posix_spawnp` in a process
/// group of its own, with standard input from ``input`` (or `/dev/null`),
/// no descriptor of the app's but its three pipes, and every signal at
/// its default action. A thread of the run's own reads its pipes, so
/// neither the main thread nor Swift's cooperative pool ever waits for it.
///
/// Every child is reaped, whatever ends the run: it exits, the ``timeout``
/// passes, the task is cancelled, the reader of ``lines()`` stops. A run
/// the app does not wait for ends with SIGTERM to its process group, then
/// SIGKILL after ``terminationGrace``. Runs still going when the app calls
/// `exit` (a quit, a signal the launcher handles) are ended the same way.
///
/// Not for a program that takes the terminal (an editor, a pager): that is
/// `ShojiApp.runInForeground(_:)` with an `ExternalProgram`.
public struct Tool: Sendable, Equatable, CustomStringConvertible {
    /// The program, then its arguments.
    public var arguments: [String]
    /// The working directory of the program; nil for the app's.
    public var directory: String?
    /// Variables added to (or replacing those of) the app's environment.
    public var environment: [String: String]
    /// The program's standard input; nil for `/dev/null`.
    public var input: [UInt8]?
    /// How long the run may take, from start to exit, before it is ended
    /// and fails with ``ToolError/Reason/timedOut(_:)``; nil for no limit.
    public var timeout: Duration?
    /// The most standard output ``run()`` collects, and the longest line
    /// ``lines()`` returns, in bytes; a run past it is ended and fails with
    /// ``ToolError/Reason/outputLimitPassed(_:)``.
    public var outputLimit: Int
    /// How long a run being ended has after SIGTERM before SIGKILL.
    public var terminationGrace: Duration

    /// The standard output ``run()`` collects unless told otherwise: 16 MiB.
    public static let defaultOutputLimit = 16 << 20

    /// A program and its arguments (`Tool(["git", "log", "--oneline"])`).
    public init(_ arguments: [String], directory: String? = nil, environment: [String: String] = [:],
                input: [UInt8]? = nil, timeout: Duration? = nil, outputLimit: Int = Tool.defaultOutputLimit,
                terminationGrace: Duration = .seconds(1))
    {
        self.arguments = arguments
        self.directory = directory
        self.environment = environment
        self.input = input
        self.timeout = timeout
        self.outputLimit = outputLimit
        self.terminationGrace = terminationGrace
    }

    /// The command line as a shell user would type it, for messages: words
    /// with spaces or quotes single-quoted, control characters escaped.
    public var commandLine: String {
        arguments.map(ToolCommandLine.quoted).joined(separator: " ")
    }

    /// The command line (``commandLine``).
    public var description: String { commandLine }

    /// The program's name for messages: the first argument.
    var name: String { ToolCommandLine.quoted(arguments.first ?? "") }
}
