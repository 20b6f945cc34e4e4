import Foundation
import Testing

/// The README, the DocC articles and the Markdown they link to cite only
/// paths and names that exist in the repository.
struct DocumentationCitationTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyCitedPathAndTypeExists() throws {
        let checker = try CitationChecker(root: Self.root)
        let documents = checker.documents()
        #expect(documents.contains("README.md"))
        #expect(documents.contains("Sources/ShojiAppKit/ShojiAppKit.docc/GettingStarted.md"))
        for document in documents {
            var text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            if document == "CHANGELOG.md" { text = CitationChecker.currentPart(ofChangelog: text) }
            let problems = checker.problems(in: text, documentPath: document)
            #expect(problems.isEmpty, "\(document) cites what the repository does not have:\n\(problems.joined(separator: "\n"))")
        }
    }

    /// The CHANGELOG's released sections, and the Removed and Migrating
    /// parts of [Unreleased], name what is gone on purpose: left out.
    @Test func theChangelogIsCheckedWhereItNamesTodaysAPI() {
        let changelog = """
            # Changelog
            ## [Unreleased]
            ### Added
            - `StillHere`
            ### Removed
            - `GoneNow`
            ### Migrating
            - `OldName`
            ## [0.1.0] - 2026-12-02
            ### Changed
            - `RenamedSince`
            """
        let kept = CitationChecker.currentPart(ofChangelog: changelog)
        #expect(kept.contains("`StillHere`"))
        #expect(!kept.contains("GoneNow") && !kept.contains("OldName") && !kept.contains("RenamedSince"))
    }

    /// The drifts this test was written for must fail it.
    @Test func staleCitationsAreFound() throws {
        let checker = try CitationChecker(root: Self.root)
        let stale = [
            "Tests use `Screen.headless(size:)` and read it back.",
            "The shim is `Modules/CPseudoTerminal`.",
            "The app lives in `Sources/CatalogApp` (Screens/).",
            "A stray member: `TerminalScreen.headlessly(size:)`.",
            "A missing folder with a wildcard: `Sources/*/*.doccs`.",
        ]
        for line in stale {
            #expect(checker.problems(in: line).count == 1, "\(line)")
        }
    }

    @Test func currentCitationsPass() throws {
        let checker = try CitationChecker(root: Self.root)
        let current = """
            Tests use `TerminalScreen.headless(size:)`, ``TerminalScreen/snapshot()`` and
            `TabContainer.Tab(title:screen:)`; the shim is `Modules/CShojiCurses/` and the articles
            are `Sources/*/*.docc`, the corpus `Fuzz/Corpus/<target>/`; `FlowCoordinator<Result>`,
            `ShojiSSH`, `CatalogAppTests`. Not citations: `LANG=C`, `SIGTERM`, `Package.swift`,
            `bench-results/latest.md`, `Examples/Catalog/.build-tsan`.
            ```swift
            let screen = Screen.headless(size: size)   // code blocks are code, not citations
            ```
            """
        #expect(checker.problems(in: current) == [])
    }

    @Test func spansAreReadAcrossLineBreaksAndOutsideFencesOnly() {
        let text = "A `router.setRoot(container, owner:\nself)` call and ``ShojiApp``.\n```\n`Inside` a fence\n```\n"
        #expect(CitationChecker.codeSpans(in: text) == ["router.setRoot(container, owner: self)", "ShojiApp"])
        #expect(CitationChecker.citedName("ShojiApp.routeStore") == ["ShojiApp", "routeStore"])
        #expect(CitationChecker.citedName("TerminalScreen/snapshot()") == ["TerminalScreen", "snapshot"])
        #expect(CitationChecker.citedName("Package.swift") == nil)
        #expect(CitationChecker.citedName("PGPASSWORD") == nil)
        #expect(CitationChecker.citedPath("Benchmarks/callgrind.sh NAME [SAMPLES]") == "Benchmarks/callgrind.sh")
        #expect(CitationChecker.citedPath("bench-results/ssh.md") == nil)
    }
}
