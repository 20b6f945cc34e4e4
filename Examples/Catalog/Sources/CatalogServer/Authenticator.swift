import CatalogApp
import Dispatch
import Logging
import NIOCore
import NIOSSH

/// Decides who may sign in: a key from the authorized keys file (re-read on
/// every attempt, so adding a key needs no restart), or, with
/// `--password-auth`, an account's password. Failures are answered after a
/// delay, and answers go out in the order the requests came, as
/// swift-nio-ssh requires.
final class Authenticator: NIOSSHServerUserAuthenticationDelegate {
    private let configuration: ServerConfiguration
    private let accounts: AccountStore
    private let connection: ConnectionContext
    private var previousAnswer: EventLoopFuture<Void>?

    init(configuration: ServerConfiguration, accounts: AccountStore, connection: ConnectionContext) {
        self.configuration = configuration
        self.accounts = accounts
        self.connection = connection
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods {
        configuration.passwordAuthentication ? [.publicKey, .password] : .publicKey
    }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        let eventLoop = responsePromise.futureResult.eventLoop
        let decision: EventLoopFuture<Decision>
        switch request.request {
        case .none:
            // Every client asks first with "none" to learn the methods: not a failed attempt.
            decision = eventLoop.makeSucceededFuture(.refuse(method: "none", reason: nil))
        case .publicKey(let offer):
            decision = eventLoop.makeSucceededFuture(decideKey(offer.publicKey, user: request.username))
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

    private enum Decision {
        case accept(ServedIdentity, method: String)
        case refuse(method: String, reason: String?)
    }

    private func decideKey(_ key: NIOSSHPublicKey, user: String) -> Decision {
        let keys: AuthorizedKeys
        do {
            keys = try AuthorizedKeys.load(path: configuration.authorizedKeysPath)
        } catch {
            return .refuse(method: "publickey", reason: "\(error)")
        }
        guard let identity = keys.identity(for: key, user: user) else {
            return .refuse(method: "publickey", reason: "key \(key.fingerprint) not authorized for \(user)")
        }
        if case .account(let email) = identity {
            guard (try? accounts.account(email: email)) != nil else {
                return .refuse(method: "publickey", reason: "no account \(email)")
            }
        }
        return .accept(identity, method: "publickey \(key.fingerprint)")
    }

    /// scrypt takes a while on purpose: it runs off the event loop.
    private func decidePassword(_ password: String, user: String, on eventLoop: any EventLoop)
        -> EventLoopFuture<Decision>
    {
        guard configuration.passwordAuthentication else {
            return eventLoop.makeSucceededFuture(.refuse(method: "password", reason: "password authentication is off"))
        }
        let promise = eventLoop.makePromise(of: Decision.self)
        DispatchQueue.global().async { [accounts] in
            do {
                let account = try accounts.signIn(email: user, password: password)
                promise.succeed(.accept(.account(account.email), method: "password"))
            } catch {
                promise.succeed(.refuse(method: "password", reason: "\(error)"))
            }
        }
        return promise.futureResult
    }
}
