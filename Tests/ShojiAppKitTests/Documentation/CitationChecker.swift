import Foundation

/// Checks what documentation cites in code voice against the repository:
/// every path under one of the repository's top folders must exist, and
/// every name that looks like a Swift type (`TerminalScreen`,
/// `ShojiApp.routeStore`, `TabContainer.Tab(title:screen:)`) must be
/// declared in the repository's Swift code, member by member, or be a
/// module or target name. Documentation drifts silently when code is
/// renamed or moved; this makes a rename fail a test instead.
struct CitationChecker {
    /// Top folders whose paths are checked; other paths (`bench-results/`,
    /// `~/.local/share/catalog`) name what the programs write, not the repository.
    static let pathRoots: Set<String> = [
        "Sources", "Examples", "Modules", "Tests", "Plugins", "ShojiSSH", "Benchmarks", "Scripts", "Fuzz", "Sanitizers",
    ]

    /// Names cited on purpose that the repository does not declare, each for
    /// a reason: another library's types, and what the screen generator
    /// writes into a user's package.
    static let allowedNames: Set<String> = [
        // Foundation, Dispatch, the standard library, swift-nio.
        "Process", "FileManager", "URLSession", "JSONDecoder", "DispatchQueue", "MainActor", "EmbeddedChannel", "String",
        // Foundation's pieces named where the docs say what links Foundation proper.
        "FoundationEssentials", "FileHandle", "Data", "Date", "ProcessInfo", "CharacterSet", "Bundle", "RunLoop",
        // swift-argument-parser's, where the docs say how an app gives its version.
        "CommandConfiguration",
        // Python's subprocess.Popen and Benchmarks/ssh.py's Server class; a field of /proc/PID/status.
        "Popen", "Server", "VmHWM",
        // The Getting started tutorial's own package (its targets).
        "Chores", "ChoresPresenters",
        // The generator's output for `new-screen Settings` (Plugins/NewScreen writes them into the user's target).
        "SettingsOutput", "SettingsView", "SettingsPresenter", "SettingsPanelView", "MockSettingsView", "MockSettingsOutput",
    ]

    /// Paths cited on purpose that are not in the repository: what the
    /// generator writes into a user's package, and what the fuzzers write.
    static let allowedPaths: Set<String> = [
        "Sources/NotesApp/Screens/Settings",
        // The Getting started tutorial's own package (Scripts/getting-started-test.sh builds it).
        "Sources/chores/chores.swift", "Tests/__Snapshots__/choresTests/Settings/SettingsSnapshotTests/settings.txt",
        "Fuzz/Findings",
    ]

    let root: URL
    private let paths: Set<String>
    private let declaredTypes: Set<String>
    private let declaredMembers: Set<String>

    /// Reads the repository at `root`: its files and folders (build folders
    /// and hidden ones left out) and the declarations of its Swift files.
    init(root: URL) throws {
        self.root = root
        var paths: Set<String> = []
        var types: Set<String> = []
        var members: Set<String> = []
        let prefix = root.standardizedFileURL.path + "/"
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        while let url = files?.nextObject() as? URL {
            let path = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            paths.insert(path)
            guard path.hasSuffix(".swift") else { continue }
            let code = try String(contentsOf: url, encoding: .utf8)
            types.formUnion(Self.captures(of: Self.typeDeclaration, in: code))
            members.formUnion(Self.captures(of: Self.memberDeclaration, in: code))
            if code.contains("init(") { members.insert("init") }
            // Package manifests: target and product names are module names.
            if url.lastPathComponent == "Package.swift" { types.formUnion(Self.captures(of: Self.targetName, in: code)) }
        }
        self.paths = paths
        declaredTypes = types
        declaredMembers = members
    }

    /// The documents checked: the README, the DocC articles, and the other
    /// Markdown the README links to.
    func documents() -> [String] {
        // The pages at the root (README, the architecture, the changelog) and
        // the other Markdown the README links to.
        let root = paths.filter { !$0.contains("/") && $0.hasSuffix(".md") }.sorted()
        let fixed = root + ["Benchmarks/README.md", "Benchmarks/HISTORY.md", "Scripts/Reliability.md", "Tests/README.md"]
        let found = paths.filter { path in
            let parts = path.split(separator: "/")
            let article = parts.count == 4 && parts[0] == "Sources" && parts[2].hasSuffix(".docc") && path.hasSuffix(".md")
            let example = parts.count == 3 && parts[0] == "Examples" && parts[2] == "README.md"
            return article || example
        }
        return (fixed.filter { paths.contains($0) } + found.sorted())
    }

    /// Every citation in `markdown` (a document at `documentPath`) that
    /// names nothing in the repository, as readable lines.
    func problems(in markdown: String, documentPath: String = "README.md") -> [String] {
        let folder = (documentPath as NSString).deletingLastPathComponent
        return Self.codeSpans(in: markdown).compactMap { span in
            if let path = Self.citedPath(span) {
                return pathExists(path, from: folder) ? nil : "`\(span)`: no such path in the repository"
            }
            if let components = Self.citedName(span) {
                guard let first = components.first, declaredTypes.contains(first) || Self.allowedNames.contains(first) else {
                    return "`\(span)`: no type or module \(components[0]) is declared in the repository"
                }
                for member in components.dropFirst() where !declaredTypes.contains(member) && !declaredMembers.contains(member) {
                    return "`\(span)`: nothing named \(member) is declared in the repository"
                }
            }
            return nil
        }
    }

    /// What of CHANGELOG.md must cite today's names: the `[Unreleased]`
    /// section without its Removed and Migrating parts. A released section
    /// is history (it names what its release had, renamed since or not),
    /// and Removed and Migrating name what is gone on purpose.
    static func currentPart(ofChangelog markdown: String) -> String {
        var kept: [Substring] = []
        var inUnreleased = false
        var skipping = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                inUnreleased = line.hasPrefix("## [Unreleased]")
                skipping = false
            } else if line.hasPrefix("### ") {
                skipping = line.hasPrefix("### Removed") || line.hasPrefix("### Migrating")
            }
            if !line.hasPrefix("## "), !inUnreleased || skipping { continue }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }

    // MARK: What counts as a citation

    /// Inline code spans (single or double backticks) outside fenced blocks;
    /// a span may run across a line break, as Markdown allows.
    static func codeSpans(in markdown: String) -> [String] {
        var prose: [Substring] = []
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if !fenced { prose.append(line) }
        }
        let text = prose.joined(separator: " ")
        let spans = try! NSRegularExpression(pattern: "(`+)(.+?)\\1")
        return spans.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 2), in: text).map { String(text[$0]).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The path a span cites (its first word, without a trailing `/`), if
    /// it starts with one of the repository's top folders; nil otherwise.
    /// Build output (`.build…` folders) is never in the repository.
    static func citedPath(_ span: String) -> String? {
        guard let word = span.split(separator: " ").first, word.contains("/") else { return nil }
        var path = String(word)
        while path.hasSuffix("/") { path.removeLast() }
        guard let top = path.split(separator: "/").first, pathRoots.contains(String(top)),
              !path.contains("/.build") else { return nil }
        return path
    }

    /// The components of a span that names a type (`TerminalScreen`), a
    /// member (`ShojiApp.routeStore`, `TerminalScreen/snapshot()`) or a call
    /// (`TabContainer.Tab(title:screen:)`): UpperCamelCase first, then
    /// identifiers. Nil for anything else (`LANG=C`, `SIGTERM`, `Package.swift`).
    static func citedName(_ span: String) -> [String]? {
        let name = try! NSRegularExpression(
            pattern: #"^([A-Z][a-z][A-Za-z0-9]*(?:[./][A-Za-z_][A-Za-z0-9_]*)*)(?:<[^>]*>)?(?:\(.*\))?$"#)
        guard let match = name.firstMatch(in: span, range: NSRange(span.startIndex..., in: span)),
              let range = Range(match.range(at: 1), in: span) else { return nil }
        let components = span[range].split(whereSeparator: { $0 == "." || $0 == "/" }).map(String.init)
        let fileExtensions: Set<String> = ["swift", "md", "json", "py", "c", "h", "sh", "txt", "svg", "cfg", "sqlite", "cast"]
        if components.count > 1, let last = components.last, fileExtensions.contains(last) { return nil }
        return components
    }

    private func pathExists(_ path: String, from folder: String) -> Bool {
        if Self.allowedPaths.contains(path) { return true }
        let candidates = folder.isEmpty ? [path] : [path, folder + "/" + path]
        for candidate in candidates {
            if candidate.contains("*") || candidate.contains("<") {
                // `Sources/*/*.docc`, `Fuzz/Corpus/<target>/`: some path must match.
                let pattern = "^" + NSRegularExpression.escapedPattern(for: candidate)
                    .replacingOccurrences(of: "\\*", with: "[^/]*")
                    .replacingOccurrences(of: "<[^>]*>", with: "[^/]+", options: .regularExpression) + "$"
                let glob = try! NSRegularExpression(pattern: pattern)
                if paths.contains(where: { glob.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }) {
                    return true
                }
            } else if paths.contains(candidate) {
                return true
            }
        }
        return false
    }

    // MARK: Declarations

    private static let typeDeclaration = try! NSRegularExpression(
        pattern: #"\b(?:struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
    private static let memberDeclaration = try! NSRegularExpression(
        pattern: #"\b(?:func|var|let|case)\s+`?([A-Za-z_][A-Za-z0-9_]*)"#)
    private static let targetName = try! NSRegularExpression(pattern: #"name:\s*"([A-Za-z][A-Za-z0-9_-]*)""#)

    private static func captures(of expression: NSRegularExpression, in text: String) -> [String] {
        expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
