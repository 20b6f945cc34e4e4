import CatalogModel
import CatalogPresenters
import ShojiAppKit

/// What the command line asked for, already checked by the executable.
package struct CatalogOptions: Sendable {
    package var catalog: String?
    package var generate: Int?
    /// The kit's options (`--open`, checked by the command line and planned
    /// by the app, `--restore`, `--no-color`, `--record`).
    package var launch = LaunchConfiguration()
    package var dataDirectory: String?
    package var guest = false
    /// Who the SSH server says this session is (`ShojiSSH` sets it in the
    /// environment for the app it starts; `--served` asks for it).
    package var served: ServedSession?
    /// Whether the server would let a key in now: asked before the served
    /// session's key is linked to an account. No server, no linking.
    package var keyAdmission: @Sendable (String) -> Bool = { _ in false }
    /// The deadline for an http(s) catalogue (hidden option; the tests shorten it).
    package var downloadTimeout: Double?
    /// Crash on purpose once the first frame is drawn (hidden option: the
    /// terminal-restore tests check that a crash leaves the terminal usable).
    package var crashAfterFirstPaint = false
    /// Whether an item's detail shows beside the list on a wide terminal
    /// (hidden option `--no-side-by-side`: the benchmarks measure the split
    /// against the same app with the list alone).
    package var sideBySide = true

    package init() {}

    /// The first of `catalog browse`'s checks these options fail, as the
    /// one line the command line reports; nil when they pass. One list for
    /// both readers of the command line: swift-argument-parser's
    /// `validate()` and the start's own `BrowseCommandLine`.
    package var commandLineProblem: String? {
        if let open = launch.open {
            do {
                _ = try AppRoute(parsing: open)
            } catch {
                return "cannot open '\(open)': \(error)"
            }
        }
        if let downloadTimeout, !(downloadTimeout > 0) { return "--download-timeout needs a positive number of seconds" }
        if let generate, generate < 0 { return "--generate needs a count of 0 or more" }
        if catalog != nil, generate != nil { return "use --catalog or --generate, not both" }
        return nil
    }
}
