import CShojiPseudoTerminal
import Foundation
import ShojiEndToEnd
@testable import ShojiSSH
import Testing

/// Sessions forked from a session template (`Configuration.sessionTemplate`),
/// end to end: a real server in this process, the real OpenSSH client, and
/// `SessionTemplateApp` (which says whether it was forked or spawned, and
/// answers each line typed until `exit N`).
@Suite(.serialized) struct SessionTemplateTests {
    static let app = BuiltProduct.path(named: "SessionTemplateApp")

    private func server(environment: [String: String] = [:]) throws -> ServerUnderTest {
        try ServerUnderTest(script: "") {
            $0.appExecutable = Self.app
            $0.appArguments = { _ in ["--hello", "two words"] }
            $0.appEnvironment = environment
            $0.sessionTemplate = true
        }
    }

    private func connect(_ server: ServerUnderTest) throws -> OpenSSHClient {
        try OpenSSHClient(port: server.port, options: ["-i", server.listedKeyPath, "-o", "IdentitiesOnly=yes", "-t"])
    }

    /// The pid a session's app printed.
    private func pid(in text: String) -> pid_t? {
        guard let range = text.range(of: #"pid=\d+"#, options: .regularExpression) else { return nil }
        return pid_t(text[range].dropFirst(4))
    }

    @Test func aForkedSessionStartsOnItsTerminalTakesKeysAndItsExitIsLogged() throws {
        let server = try server()
        let ssh = try connect(server)
        #expect(ssh.waitFor("ready forked"), "\(ssh.text)")
        // Its arguments and environment are the session's, not the template's.
        #expect(ssh.text.contains("args=--hello,two words"), "\(ssh.text)")
        #expect(ssh.text.contains("term=xterm-256color tty=true template=-"), "\(ssh.text)")
        #expect(!ssh.text.contains("session=-"), "\(ssh.text)")
        let app = try #require(pid(in: ssh.text))
        #expect(getppid() != app && server.server.sessionTemplate?.pid != nil)
        ssh.type("abc\r")
        #expect(ssh.waitFor("got [abc]"), "\(ssh.text)")
        ssh.type("exit 7\r")
        #expect(ssh.waitForExit() == 7, "\(ssh.text)")
        #expect(server.waitForLog("status=exit 7"), "\(server.logs.all)")
        #expect(server.logs.all.contains { $0.contains("session ended") && $0.contains("pid=\(app)") && $0.contains("status=exit 7") },
                "\(server.logs.all)")
    }

    @Test func twoForkedSessionsAreIndependent() throws {
        let server = try server()
        let first = try connect(server)
        let second = try connect(server)
        #expect(first.waitFor("ready forked"), "\(first.text)")
        #expect(second.waitFor("ready forked"), "\(second.text)")
        #expect(pid(in: first.text) != pid(in: second.text))
        first.type("alpha\r")
        second.type("bravo\r")
        #expect(first.waitFor("got [alpha]"), "\(first.text)")
        #expect(second.waitFor("got [bravo]"), "\(second.text)")
        usleep(200_000)
        #expect(!first.text.contains("bravo"), "\(first.text)")
        #expect(!second.text.contains("alpha"), "\(second.text)")
        first.type("exit 3\r")
        #expect(first.waitForExit() == 3)
        second.type("still here\r")
        #expect(second.waitFor("got [still here]"), "\(second.text)")
        second.type("exit 4\r")
        #expect(second.waitForExit() == 4)
    }

    @Test func aDroppedConnectionEndsTheForkedApp() throws {
        let server = try server()
        var ssh: OpenSSHClient? = try connect(server)
        #expect(ssh?.waitFor("ready forked") == true, "\(ssh?.text ?? "")")
        let app = try #require(pid(in: ssh?.text ?? ""))
        ssh = nil  // SIGKILL: the connection drops without a goodbye
        #expect(server.waitForLog("status=signal 1"), "\(server.logs.all)")
        // Reaped by the template: gone, not a zombie.
        let deadline = Date().addingTimeInterval(5)
        while kill(app, 0) == 0, Date() < deadline { usleep(20_000) }
        #expect(kill(app, 0) != 0)
    }

    @Test func aTemplateWithASecondThreadRefusesAndSessionsAreSpawned() throws {
        let server = try server(environment: ["TEMPLATE_APP_STARTS_THREAD": "1"])
        let ssh = try connect(server)
        #expect(ssh.waitFor("ready spawned"), "\(ssh.text)")
        #expect(ssh.text.contains("args=--hello,two words"), "\(ssh.text)")
        #expect(server.waitForLog("session template refused a session"), "\(server.logs.all)")
        #expect(server.logs.all.contains { $0.contains("threads") })
        ssh.type("exit 5\r")
        #expect(ssh.waitForExit() == 5)
        #expect(server.waitForLog("status=exit 5"))
    }

    @Test func aTemplateThatUsedTheMainQueueRefusesAndSessionsAreSpawned() throws {
        // The queue's wake-up descriptor would be every session's: a wake-up
        // one of them reads is lost to the one it was for.
        let server = try server(environment: ["TEMPLATE_APP_USES_MAIN_QUEUE": "1"])
        let ssh = try connect(server)
        #expect(ssh.waitFor("ready spawned"), "\(ssh.text)")
        #expect(server.waitForLog("session template refused a session"), "\(server.logs.all)")
        #expect(server.logs.all.contains { $0.contains("eventfd") }, "\(server.logs.all)")
        ssh.type("exit 5\r")
        #expect(ssh.waitForExit() == 5)
    }

    @Test func aDeadTemplateIsLoggedOnceItsSessionsAreStillReapedAndNewOnesSpawned() throws {
        let server = try server()
        let forked = try connect(server)
        #expect(forked.waitFor("ready forked"), "\(forked.text)")
        let template = try #require(server.server.sessionTemplate?.pid)
        kill(template, SIGKILL)
        #expect(server.waitForLog("session template ended"), "\(server.logs.all)")
        // The orphaned session goes on, and its end still reaches the log.
        forked.type("after\r")
        #expect(forked.waitFor("got [after]"), "\(forked.text)")
        forked.type("exit 6\r")
        #expect(forked.waitForExit() == 6, "\(forked.text)")
        #expect(server.waitForLog("status=exit 6"), "\(server.logs.all)")
        let spawned = try connect(server)
        #expect(spawned.waitFor("ready spawned"), "\(spawned.text)")
        spawned.type("exit 0\r")
        #expect(spawned.waitForExit() == 0)
        #expect(server.logs.all.filter { $0.contains("session template ended") }.count == 1)
    }

    /// In this process, which has many threads: the template's loop answers
    /// a request with a refusal and forks nothing.
    @Test func theLoopRefusesToForkAProcessWithASecondThread() throws {
        var pair: [CInt] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0)
        let loop = pair[1]
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var payload: UnsafeMutablePointer<CChar>?
            var length = 0
            let result = cpt_template_serve(loop, &payload, &length)
            if result == 1 { _exit(99) }  // a forked copy of the test process must not go on
            finished.signal()
        }
        var master: CInt = -1
        var slavePath = [CChar](repeating: 0, count: 128)
        #expect(cpt_open(24, 80, &master, &slavePath, slavePath.count) == 0)
        let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        let request = ForkRequest(arguments: ["a"], environment: ["TERM": "dumb"]).encoded
        #expect(request.withUnsafeBufferPointer { cpt_template_request(pair[0], slave, $0.baseAddress, $0.count) } == 0)
        var reply = [UInt8](repeating: 0, count: 256)
        let count = reply.withUnsafeMutableBytes { recv(pair[0], $0.baseAddress, $0.count, 0) }
        let text = String(decoding: reply[..<max(0, count)], as: UTF8.self)
        #expect(text.hasPrefix("E the template has ") && text.contains("threads"), "\(text)")
        close(pair[0])
        #expect(finished.wait(timeout: .now() + 5) == .success)
        close(loop)
        close(slave)
        close(master)
    }

    @Test func aForkRequestReadsBackAndBadOnesAreRefused() {
        let request = ForkRequest(arguments: ["--served", "", "a b"], environment: ["TERM": "xterm", "X": "a=b"])
        let decoded = request.encoded.withUnsafeBufferPointer { ForkRequest(decoding: $0) }
        #expect(decoded == request)
        let none = ForkRequest(arguments: [], environment: [:])
        #expect(none.encoded.withUnsafeBufferPointer { ForkRequest(decoding: $0) } == none)
        for bad in ["", "2\0a\0", "x\0", "0\0noequals\0", "0\0=value\0", "1\0a"] {
            let bytes = Array(bad.utf8).map { CChar(bitPattern: $0) }
            #expect(bytes.withUnsafeBufferPointer { ForkRequest(decoding: $0) } == nil, "\(bad.debugDescription)")
        }
    }
}
