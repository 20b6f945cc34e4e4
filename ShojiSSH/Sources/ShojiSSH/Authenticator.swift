import Dispatch
import Logging
import NIOCore
import NIOSSH

/// Decides who may sign in: a key from the authorized keys file (re-read on
/// every attempt, so adding a key needs no restart) or linked to an account
/// in the app, an account's password when allowed, and anyone as a guest in
/// public mode. Failures are answered after a delay, and answers go out in
/// the order the requests came, as swift-nio-ssh requires.
final class Authenticator: NIOSSHServerUserAuthenticationDelegate {
    private let configuration: SSHAppServer.Configuration
    private let accounts: (any SSHAccounts)?
    private let connection: ConnectionContext
    private var previousAnswer: EventLoopFuture<Void>?

    init(configuration: SSHAppServer.Configuration, accounts: (any SSHAccounts)?, connection: ConnectionContext) {
        self.configuration = configuration
        self.accounts = accounts
        self.connection = connection
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods {
        configuration.passwordAuthentication && accounts != nil ? [.publicKey, .password] : .publicKey
    }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        let eventLoop = responsePromise.futureResult.eventLoop
        let decision: EventLoopFuture<Decision>
        switch request.request {
        case .none where configuration.access == .everyone:
            // A public demo: a client without a key gets in as a guest.
            decision = eventLoop.makeSucceededFuture(.accept(.guest(), method: "none (public)"))
        case .none:
            // Every client asks first with "none" to learn the methods: not a failed attempt.
            decision = eventLoop.makeSucceededFuture(.refuse(method: "none", reason: nil))
        case .publicKey(let offer):
            decision = offTheEventLoop(eventLoop) { [configuration, accounts] in
                Self.decideKey(offer.publicKey, user: request.username, configuration: configuration, accounts: accounts)
            }
        case .password(let offer):
            decision = decidePassword(offer.password, user: request.username, on: eventLoop)
        case .hostBased:
            decision = eventLoop.makeSucceededFuture(.refuse(method: "hostbased", reason: "not offered"))
        }
        let ready = previousAnswer ?? eventLoop.makeSucceededVoidFuture()
        let answered = ready.flatMap { decision }.flatMap { [connection, configuration] decision -> EventLoopFuture<Void> in
            switch decision {
            case .accept(let identity, let method):
                connection.identity = identity
                connection.logger.info("authenticated", metadata: [
                    "user": "\(request.username)", "method": "\(method)", "as": "\(identity)",
                ])
                responsePromise.succeed(.success)
                return eventLoop.makeSucceededVoidFuture()
            case .refuse(let method, let reason):
                guard let reason else {
                    responsePromise.succeed(.failure)
                    return eventLoop.makeSucceededVoidFuture()
                }
                connection.logger.notice("authentication failed", metadata: [
                    "user": "\(request.username)", "method": "\(method)", "reason": "\(reason)",
                ])
                let delay = TimeAmount(seconds: configuration.failedAuthenticationDelay)
                return eventLoop.scheduleTask(in: delay) { responsePromise.succeed(.failure) }.futureResult
            }
        }
        previousAnswer = answered
    }

    private enum Decision: Sendable {
        case accept(SSHIdentity, method: String)
        case refuse(method: String, reason: String?)
    }

    /// Reads the authorized keys file and may ask the accounts (a database
    /// query), so it runs off the event loop.
    private static func decideKey(_ key: NIOSSHPublicKey, user: String, configuration: SSHAppServer.Configuration,
                                  accounts: (any SSHAccounts)?) -> Decision {
        let text = String(openSSHPublicKey: key)
        let method = "publickey \(key.fingerprint)"
        let verdict: AuthorizedKeys.Verdict
        do {
            verdict = try configuration.authorizedKeysPath.map { path throws(AuthorizedKeysError) in
                try AuthorizedKeys.load(path: path).verdict(for: key, user: user)
            } ?? .unlisted
        } catch {
            return .refuse(method: "publickey", reason: "\(error)")
        }
        switch verdict {
        case .account(let account):
            guard accounts?.accountExists(account) == true else {
                return .refuse(method: "publickey", reason: "no account \(account)")
            }
            return .accept(SSHIdentity(account: account, publicKey: text), method: method)
        case .boundToOther(let account):
            return .refuse(method: "publickey", reason: "key \(key.fingerprint) is bound to \(account), not \(user)")
        case .guest, .unlisted:
            if let linked = accounts?.account(linkedTo: text), accounts?.accountExists(linked) == true {
                return .accept(SSHIdentity(account: linked, publicKey: text), method: method + " (linked)")
            }
            if verdict == .guest || configuration.access == .everyone {
                return .accept(.guest(publicKey: text), method: method)
            }
            return .refuse(method: "publickey", reason: "key \(key.fingerprint) not authorized")
        }
    }

    /// scrypt takes a while on purpose: it runs off the event loop.
    private func decidePassword(_ password: String, user: String, on eventLoop: any EventLoop)
        -> EventLoopFuture<Decision>
    {
        guard configuration.passwordAuthentication, let accounts else {
            return eventLoop.makeSucceededFuture(.refuse(method: "password", reason: "password authentication is off"))
        }
        return offTheEventLoop(eventLoop) {
            if let account = accounts.account(user: user, password: password) {
                return .accept(SSHIdentity(account: account), method: "password")
            }
            return .refuse(method: "password", reason: "wrong user name or password")
        }
    }

    /// Runs `decide` on a global queue (it may block) and answers on `eventLoop`.
    private func offTheEventLoop(_ eventLoop: any EventLoop, _ decide: @escaping @Sendable () -> Decision)
        -> EventLoopFuture<Decision>
    {
        let promise = eventLoop.makePromise(of: Decision.self)
        DispatchQueue.global().async { promise.succeed(decide()) }
        return promise.futureResult
    }
}
