import Dispatch
import NIOConcurrencyHelpers
import NIOCore

/// Runs password checks on a few threads of their own. A check is scrypt
/// (tens of milliseconds and 32 MiB on purpose), so connections that each
/// send passwords and leave used to start one per request on a global
/// queue, taking every core and the memory, while key logins waited behind
/// them. Now:
/// - at most `checkers` checks run at once; at most `maximumWaiting` more
///   wait, and any beyond are refused at once ("the server is busy");
/// - a connection has at most one check waiting or running: another one
///   it sends meanwhile is refused;
/// - when a connection closes, the check it still waits for is dropped,
///   never run (one already running finishes, its answer unread).
///
/// Key decisions do not come here, so they never wait behind passwords.
final class PasswordCheckPool: Sendable {
    /// Why a check did not run.
    enum Refusal: Error, CustomStringConvertible {
        case busy
        case alreadyChecking
        case connectionClosed

        var description: String {
            switch self {
            case .busy: "too many password checks waiting"
            case .alreadyChecking: "a password check of this connection is still under way"
            case .connectionClosed: "the connection closed"
            }
        }
    }

    private struct Job: Sendable {
        let owner: ObjectIdentifier
        /// Checks, and returns what answers the connection.
        let run: @Sendable () -> @Sendable () -> Void
        let drop: @Sendable () -> Void
    }

    private struct State {
        var running = 0
        var waiting: [Job] = []
        /// Connections with a check waiting or running.
        var owners: Set<ObjectIdentifier> = []
    }

    let checkers: Int
    let maximumWaiting: Int
    private let state = NIOLockedValueBox(State())
    private let queue = DispatchQueue(label: "shoji.ssh.password-checks", attributes: .concurrent)

    init(checkers: Int, maximumWaiting: Int) {
        self.checkers = max(1, checkers)
        self.maximumWaiting = max(0, maximumWaiting)
    }

    /// Runs `check` for the connection `owner` when a checker is free, and
    /// answers on `eventLoop`; fails with a `Refusal` when it is not run.
    func check<Answer: Sendable>(for owner: ObjectIdentifier, on eventLoop: any EventLoop,
                                 _ check: @escaping @Sendable () -> Answer) -> EventLoopFuture<Answer> {
        let promise = eventLoop.makePromise(of: Answer.self)
        let job = Job(owner: owner, run: {
            let answer = check()
            return { promise.succeed(answer) }
        },
                      drop: { promise.fail(Refusal.connectionClosed) })
        let admitted = state.withLockedValue { state -> Result<Bool, Refusal> in
            guard !state.owners.contains(owner) else { return .failure(.alreadyChecking) }
            if state.running < checkers {
                state.running += 1
                state.owners.insert(owner)
                return .success(true)
            }
            guard state.waiting.count < maximumWaiting else { return .failure(.busy) }
            state.owners.insert(owner)
            state.waiting.append(job)
            return .success(false)
        }
        switch admitted {
        case .failure(let refusal): promise.fail(refusal)
        case .success(true): start(job)
        case .success(false): break
        }
        return promise.futureResult
    }

    /// Drops the check `owner` still waits for: its connection closed.
    func cancel(for owner: ObjectIdentifier) {
        let dropped = state.withLockedValue { state -> [Job] in
            let mine = state.waiting.filter { $0.owner == owner }
            guard !mine.isEmpty else { return [] }
            state.waiting.removeAll { $0.owner == owner }
            state.owners.remove(owner)
            return mine
        }
        for job in dropped { job.drop() }
    }

    /// Checks running and waiting: for tests.
    var load: (running: Int, waiting: Int) {
        state.withLockedValue { ($0.running, $0.waiting.count) }
    }

    private func start(_ job: Job) {
        queue.async { [self] in
            let answer = job.run()
            let next = state.withLockedValue { state -> Job? in
                state.owners.remove(job.owner)
                guard !state.waiting.isEmpty else {
                    state.running -= 1
                    return nil
                }
                return state.waiting.removeFirst()
            }
            // Answered once its place is free, so the connection may ask again.
            answer()
            if let next { start(next) }
        }
    }
}
