/// `catalog [browse]`'s everyday command line read by hand, so that a start
/// reaches its first frame without swift-argument-parser: the parser's
/// first run reflects over every option (Mirror, `as?` casts to its
/// property-wrapper protocols), and each first lookup of a type's
/// conformance scans all of the static binary's conformance records, the
/// largest part of a start to the first frame (Benchmarks/HISTORY.md,
/// "Phase by phase").
///
/// It accepts only what it is sure the parser would accept and read the
/// same way: the browse options as `--name value` (a value that is not empty
/// and does not begin with `-`), each at most once, `browse` only as the
/// first word, and a combination that passes every check of `catalog
/// browse`. Anything else (help, `--version`, `--name=value`, a subcommand, a
/// mistake, `--database`) makes it decline (`nil`), and the caller hands the
/// command line to swift-argument-parser, which says exactly what it said
/// before.
package struct BrowseCommandLine {
    /// What the command line asks for, as `catalog browse` would set it.
    package private(set) var options = CatalogOptions()
    /// `--served`: run as the session the SSH server describes.
    package private(set) var served = false

    private static let valueOptions: Set<String> = [
        "--catalog", "--generate", "--data-dir", "--open", "--record", "--download-timeout",
    ]
    private static let flags: Set<String> = [
        "--guest", "--restore", "--no-color", "--no-mouse", "--served", "--crash-after-first-paint",
        "--no-side-by-side",
    ]

    /// Reads `arguments` (without the program's name), or nil when they
    /// are not plain browse options that pass every check.
    package init?(_ arguments: [String]) {
        var words = arguments[...]
        if words.first == "browse" { words = words.dropFirst() }
        var seen = Set<String>()
        var values: [String: String] = [:]
        while let word = words.popFirst() {
            guard seen.insert(word).inserted else { return nil }
            if Self.flags.contains(word) { continue }
            guard Self.valueOptions.contains(word), let value = words.popFirst(),
                  let first = value.utf8.first, first != UInt8(ascii: "-") else { return nil }
            values[word] = value
        }
        guard read(values: values, flags: seen) else { return nil }
    }

    /// Sets the options from what was given; false when a value is not of
    /// its option's kind or the combination fails a check of `catalog browse`.
    private mutating func read(values: [String: String], flags: Set<String>) -> Bool {
        options.catalog = values["--catalog"]
        if let text = values["--generate"] {
            guard let count = Int(text) else { return false }
            options.generate = count
        }
        if let text = values["--download-timeout"] {
            guard let seconds = Double(text) else { return false }
            options.downloadTimeout = seconds
        }
        if let open = values["--open"] {
            guard !flags.contains("--restore") else { return false }
            options.launch.open = open
        }
        options.dataDirectory = values["--data-dir"]
        options.launch.recording = values["--record"]
        options.launch.restore = flags.contains("--restore")
        if flags.contains("--no-color") { options.launch.colors = false }
        if flags.contains("--no-mouse") { options.launch.mouseRefused = true }
        options.guest = flags.contains("--guest")
        options.crashAfterFirstPaint = flags.contains("--crash-after-first-paint")
        options.sideBySide = !flags.contains("--no-side-by-side")
        served = flags.contains("--served")
        // The parser's checks, the same list (its one-line error is its to say).
        return options.commandLineProblem == nil
    }
}
