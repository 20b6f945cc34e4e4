import Testing
@testable import TopApp
@testable import TopPresenters

/// What a top-serve visitor sees of other processes on a fake `/proc`: no
/// environment, the program name of processes outside its own session,
/// the whole thing when the operator opts in, and never the server's
/// environment (nor of a process under it).
@MainActor
struct ProcessPrivacyTests {
    /// A visitor's session (10: its `top`), a process of someone else's
    /// with secrets in its arguments and environment (20), a kernel thread (2).
    private func proc() -> FakeProc {
        let proc = FakeProc()
        proc.add(pid: 2, parent: 0, name: "kthreadd")
        proc.add(pid: 10, name: "top", command: ["top", "--read-only"], environment: ["TERM=xterm"], session: 10)
        proc.add(pid: 11, parent: 10, name: "helper", command: ["helper", "--own"], session: 10)
        proc.add(pid: 20, name: "psql", command: ["psql", "postgres://app:hunter2@db/prod"],
                 environment: ["DATABASE_URL=postgres://app:hunter2@db", "AWS_SECRET_ACCESS_KEY=wJalr"], session: 20)
        return proc
    }

    @Test func aVisitorSeesNoEnvironmentAndOnlyTheNameOfOthersProcesses() throws {
        let proc = proc()
        let monitor = proc.monitor(privacy: ProcessPrivacy(showsEnvironment: false, showsArguments: false, ownSession: 10))
        monitor.refresh()
        let commands = Dictionary(uniqueKeysWithValues: monitor.snapshot.processes.map { ($0.pid, $0.command) })
        #expect(commands == [2: "[kthreadd]", 10: "top --read-only", 11: "helper --own", 20: "psql"])
        let other = try #require(monitor.details(of: 20))
        #expect(other.commandLine == "psql" && other.argumentsHidden)
        #expect(other.environment == nil && other.environmentHidden)
        // Its own session's command lines are whole; its environment is not shown either.
        let own = try #require(monitor.details(of: 10))
        #expect(own.commandLine == "top --read-only" && !own.argumentsHidden)
        #expect(own.environment == nil && own.environmentHidden)
        // The filter reads the rows: the secret is nowhere in them.
        #expect(!monitor.snapshot.processes.contains { $0.command.contains("hunter2") })
    }

    @Test func theOperatorMayShowEnvironmentsAndArguments() throws {
        let proc = proc()
        let monitor = proc.monitor(privacy: ProcessPrivacy(showsEnvironment: true, showsArguments: true, ownSession: 10))
        monitor.refresh()
        #expect(monitor.snapshot.processes.first { $0.pid == 20 }?.command == "psql postgres://app:hunter2@db/prod")
        let other = try #require(monitor.details(of: 20))
        #expect(other.commandLine == "psql postgres://app:hunter2@db/prod" && !other.argumentsHidden)
        #expect(other.environment == ["DATABASE_URL=postgres://app:hunter2@db", "AWS_SECRET_ACCESS_KEY=wJalr"])
        #expect(!other.environmentHidden)
    }

    @Test func theServersEnvironmentAndThoseUnderItAreNeverShown() throws {
        let proc = proc()
        proc.add(pid: 5, name: "top-serve", command: ["top-serve"], environment: ["DATABASE_URL=server-secret"], session: 5)
        proc.add(pid: 6, parent: 5, name: "top", command: ["top"], environment: ["SHOJI_SSH_CLIENT=10.0.0.9"], session: 6)
        proc.add(pid: 7, parent: 6, name: "sh", command: ["sh"], environment: ["X=under a session"], session: 6)
        let monitor = proc.monitor(privacy: ProcessPrivacy(showsEnvironment: true, showsArguments: true, ownSession: 10,
                                                           protected: [5]))
        monitor.refresh()
        for pid: Int32 in [5, 6, 7] {
            let details = try #require(monitor.details(of: pid))
            #expect(details.environment == nil && details.environmentHidden, "pid \(pid)")
        }
        #expect(monitor.details(of: 20)?.environment?.count == 2)
    }

    @Test func theDetailSaysWhatIsHidden() async {
        let proc = proc()
        let monitor = proc.monitor(privacy: ProcessPrivacy(showsEnvironment: false, showsArguments: false, ownSession: 10))
        monitor.refresh()
        let view = MockProcessDetailView()
        let presenter = ProcessDetailPresenter(monitor: monitor, pid: 20)
        presenter.view = view
        presenter.viewDidLoad()
        await Task.yield()
        #expect(view.shown.last?.paragraphs == ["Command: psql (arguments hidden)", "Children: none", "Environment: hidden"])
    }

    @Test func servedTopHidesByDefaultAndLocalTopShowsEverything() throws {
        let plain = try TopCommand.parse([])
        #expect(plain.privacy(served: false, session: 9) == .everything)
        #expect(plain.privacy(served: true, session: 9)
            == ProcessPrivacy(showsEnvironment: false, showsArguments: false, ownSession: 9))
        let open = try TopCommand.parse(["--show-environment", "--show-arguments", "--hide-environment-of", "4"])
        #expect(open.privacy(served: true, session: 9)
            == ProcessPrivacy(showsEnvironment: true, showsArguments: true, ownSession: 9, protected: [4]))
        #expect(open.privacy(served: false, session: 9)
            == ProcessPrivacy(showsEnvironment: true, showsArguments: true, protected: [4]))
    }
}
