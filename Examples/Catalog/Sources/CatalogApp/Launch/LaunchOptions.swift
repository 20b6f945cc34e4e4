/// What the command line asked for, already checked by the executable.
public struct LaunchOptions: Sendable {
    public var catalog: String?
    public var generate: Int?
    public var open: AppRoute?
    public var restore = false
    public var dataDirectory: String?
    public var guest = false
    public var colors = true
    /// Set by `catalog serve` for the app it starts on a session's terminal.
    public var served: ServedIdentity?

    public init() {}
}

/// A start-up failure: the one line to print and the exit status.
public struct LaunchError: Error, CustomStringConvertible {
    public let description: String
    public let exitStatus: Int32
}
