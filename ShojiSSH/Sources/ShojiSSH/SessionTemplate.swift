import CShojiPseudoTerminal
import Foundation
import ShojiCore

/// The app's side of a session template (`SSHAppServer.Configuration.sessionTemplate`):
/// one process of the app, started by the server before its first session
/// and kept single-threaded, that forks every session's app after the
/// runtime (and whatever `prepare` loads) is initialised, so the pages it
/// filled are shared copy-on-write between sessions instead of being
/// filled again by each one. The "Memory per session" article has the
/// figures.
///
/// An app opts in with one call at the top of its `main`, before it starts
/// any thread (a dispatch queue, a task, an event loop):
///
/// ```swift
/// let arguments = SessionTemplate.serveIfAsked { _ = try? MyCommand.parseAsRoot(["--served"]) }
/// let command = try MyCommand.parseAsRoot(arguments)   // nil: the process's own
/// ```
public enum SessionTemplate {
    /// Set by the server on the template it starts: the descriptor of its socket.
    static let environmentVariable = "SHOJI_SESSION_TEMPLATE"

    /// Returns nil at once unless the server started this process as its
    /// session template. As the template it runs `prepare` once, then
    /// forks a child per session the server asks for and never returns
    /// (it exits when the server closes its socket). In each child it
    /// returns the session's arguments (without the program's name), with
    /// the session's environment set, its terminal on descriptors 0, 1 and
    /// 2, and signals at their defaults: the app goes on as if started with
    /// them. `prepare` must not start a thread nor put work on the main
    /// dispatch queue (a main-actor task included: the queue's wake-up
    /// descriptor would be every session's): a template with a second
    /// thread, an eventfd or an epoll descriptor refuses to fork, and the
    /// server starts that session (and every later one) the usual way.
    public static func serveIfAsked(preparing prepare: () -> Void = {}) -> [String]? {
        guard let value = getenv(environmentVariable), let socket = CInt(String(cString: value)) else { return nil }
        unsetenv(environmentVariable)
        prepare()
        // What the preparation freed goes back to the system: whole free
        // pages the template would keep for nothing.
        ProcessMemory.releaseFreedHeap()
        var payload: UnsafeMutablePointer<CChar>?
        var length = 0
        switch cpt_template_serve(socket, &payload, &length) {
        case 1:
            guard let payload else { exit(127) }
            let request = ForkRequest(decoding: UnsafeBufferPointer(start: payload, count: length))
            free(payload)
            guard let request else {
                FileHandle.standardError.write(Data("session template: a malformed request\n".utf8))
                exit(127)
            }
            clearenv()
            for (name, value) in request.environment { setenv(name, value, 1) }
            return request.arguments
        case 0:
            exit(0)
        default:
            let reason = String(cString: strerror(errno))
            FileHandle.standardError.write(Data("session template: cannot serve: \(reason)\n".utf8))
            exit(1)
        }
    }
}

/// What the server sends the template for one session (with the pty's
/// slave attached): NUL-terminated strings, the count of arguments first,
/// then the arguments, then `NAME=value` environment entries.
struct ForkRequest: Equatable {
    var arguments: [String]
    var environment: [(String, String)]

    init(arguments: [String], environment: [String: String]) {
        self.arguments = arguments
        self.environment = environment.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Nil when `bytes` is not a request (no count, fewer arguments than
    /// it says, an entry without `=`, a NUL inside a string).
    init?(decoding bytes: UnsafeBufferPointer<CChar>) {
        var strings = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard strings.last == "" else { return nil }
        strings.removeLast()
        guard let first = strings.first, let count = Int(first), count >= 0, strings.count > count else { return nil }
        arguments = Array(strings[1..<(count + 1)])
        var environment: [(String, String)] = []
        for entry in strings[(count + 1)...] {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else { return nil }
            environment.append((String(entry[..<equals]), String(entry[entry.index(after: equals)...])))
        }
        self.environment = environment
    }

    /// The bytes `init(decoding:)` reads.
    var encoded: [CChar] {
        let strings = [String(arguments.count)] + arguments + environment.map { "\($0)=\($1)" }
        return strings.flatMap { $0.utf8CString }
    }

    static func == (lhs: ForkRequest, rhs: ForkRequest) -> Bool {
        lhs.arguments == rhs.arguments && lhs.environment.map { "\($0)=\($1)" } == rhs.environment.map { "\($0)=\($1)" }
    }
}
