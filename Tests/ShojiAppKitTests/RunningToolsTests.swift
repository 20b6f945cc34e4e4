import Foundation
import ShojiAppKit
import Testing

// The code of the "Running tools" article
// (Sources/ShojiAppKit/ShojiAppKit.docc/RunningTools.md): a model that runs
// `git log` and `git show` through `Tool`, and the presenter that asks it
// off the event loop, compiled and run here against a real repository;
// `theArticleShowsThisCode` checks the article shows exactly these regions.

// snippet: commit-history
/// One commit as `git log` lists it.
struct Commit: Sendable, Equatable {
    var hash: String
    var subject: String
}

/// A repository's history, read with `git` (a model: it imports ShojiTools,
/// or ShojiAppKit, and no presenter sees how).
struct CommitHistory: Sendable {
    let repository: String

    /// The newest `limit` commits. Leaving the loop ends `git log`, which
    /// never reads past what the screen shows.
    func recent(_ limit: Int) async throws -> [Commit] {
        let log = Tool(["git", "log", "--format=%h %s"], directory: repository, timeout: .seconds(10))
        var commits: [Commit] = []
        for try await line in log.lines() {
            let parts = line.split(separator: " ", maxSplits: 1)
            commits.append(Commit(hash: String(parts[0]), subject: parts.count > 1 ? String(parts[1]) : ""))
            if commits.count == limit { break }
        }
        return commits
    }

    /// One commit's summary and diff, whole (up to the tool's output limit).
    func show(_ hash: String) async throws -> String {
        try await Tool(["git", "show", "--stat", hash], directory: repository).run().text
    }
}
// end snippet

// snippet: commits-presenter
@MainActor protocol CommitsView: AnyObject {
    func show(rows: [String])
    func showError(message: String)
}

@MainActor final class CommitsPresenter {
    let work = ScreenWork()
    weak var view: CommitsView?
    private let history: CommitHistory
    init(history: CommitHistory) { self.history = history }

    func viewDidLoad() {
        // The task waits on the main actor; git runs in a process of its
        // own, read on a thread of its own. Leaving the screen ends the
        // work, which cancels the task, which ends git.
        work.task { [weak self, history] in
            do {
                let commits = try await history.recent(200)
                self?.view?.show(rows: commits.map { "\($0.hash) \($0.subject)" })
            } catch {
                self?.view?.showError(message: "\(error)")
            }
        }
    }
}
// end snippet

/// What the presenter told its view.
@MainActor final class MockCommitsView: CommitsView {
    var rows: [String]?
    var error: String?
    func show(rows: [String]) { self.rows = rows }
    func showError(message: String) { error = message }
}

@MainActor struct RunningToolsTests {
    /// A repository with two commits, in a folder of its own.
    static func repository() async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tools-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let identity = ["GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.com", "GIT_COMMITTER_NAME": "A",
                        "GIT_COMMITTER_EMAIL": "a@example.com", "GIT_CONFIG_GLOBAL": "/dev/null"]
        for arguments in [["init", "-q"], ["commit", "-q", "--allow-empty", "-m", "First"],
                          ["commit", "-q", "--allow-empty", "-m", "Second one"]] {
            _ = try await Tool(["git"] + arguments, directory: folder, environment: identity).run()
        }
        return folder
    }

    @Test func theModelReadsTheNewestCommits() async throws {
        let folder = try await Self.repository()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = CommitHistory(repository: folder)
        let commits = try await history.recent(1)
        #expect(commits.map(\.subject) == ["Second one"])
        #expect(try await history.show(commits[0].hash).contains("Second one"))
    }

    @Test func thePresenterShowsTheCommits() async throws {
        let folder = try await Self.repository()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let view = MockCommitsView()
        let presenter = CommitsPresenter(history: CommitHistory(repository: folder))
        presenter.view = view
        presenter.viewDidLoad()
        for _ in 0..<500 where view.rows == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(view.rows?.map { $0.split(separator: " ", maxSplits: 1)[1] } == ["Second one", "First"])
    }

    @Test func aFolderThatIsNoRepositoryIsOneLineOfError() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tools-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let view = MockCommitsView()
        let presenter = CommitsPresenter(history: CommitHistory(repository: folder))
        presenter.view = view
        presenter.viewDidLoad()
        for _ in 0..<500 where view.error == nil { try await Task.sleep(for: .milliseconds(10)) }
        let message = try #require(view.error)
        #expect(message.hasPrefix("git log '--format=%h %s': exited with status 128: fatal: not a git repository"))
        #expect(!message.contains("\n"))
    }

    @Test func theArticleShowsThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let regions = Snippets.regions(in: try String(contentsOf: here, encoding: .utf8))
        let article = try String(contentsOf: root.appendingPathComponent("Sources/ShojiAppKit/ShojiAppKit.docc/RunningTools.md"),
                                 encoding: .utf8)
        let shown = Snippets.articleSnippets(in: article)
        #expect(Set(shown.keys) == ["commit-history", "commits-presenter"])
        for (name, text) in shown {
            #expect(text == regions[name], "the article's snippet '\(name)' differs from RunningToolsTests.swift")
        }
    }
}
