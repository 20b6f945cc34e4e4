import Dispatch
import Logging
import NIOCore
import NIOSSH
import ShojiCore
import ShojiSessions

/// Decides who may sign in: a key the operator bound to an account
/// (`SSHAccounts.account(boundTo:)`), a key from the authorized keys file
/// (read again when it changes, so adding a key needs no restart) as a
/// guest or as the account a user linked it to, an account's password when allowed, and in public
/// mode any key (a listed or linked one as its account) or no key at all
/// (keyboard-interactive, asking nothing) as a guest. Failures are answered
/// after a delay, and answers go out in the order the requests came, as
/// swift-nio-ssh requires. Passwords are checked in a `PasswordCheckPool`
/// shared by every connection; keys are decided on a queue of their own,
/// so they never wait behind passwords.
final class Authenticator: NIOSSHServerUserAuthenticationDelegate {
    private let configuration: SSHAppServer.Configuration
    private let accounts: (any SSHAccounts)?
    private let authorizedKeys: AuthorizedKeysFile?
    private let connection: ConnectionContext
    private let passwordChecks: PasswordCheckPool
    private var previousAnswer: EventLoopFuture<Void>?
    /// Key decisions may read a file and query the accounts: off the event
    /// loop, but never behind the password checks.
    private static let keyDecisions = DispatchQueue(label: "shoji.ssh.key-decisions", attributes: .concurrent)

    init(configuration: SSHAppServer.Configuration, accounts: (any SSHAccounts)?, authorizedKeys: AuthorizedKeysFile?,
         connection: ConnectionContext, passwordChecks: PasswordCheckPool) {
        self.configuration = configuration
        self.accounts = accounts
        self.authorizedKeys = authorizedKeys
        self.connection = connection
        self.passwordChecks = passwordChecks
    }

    /// `hostbased` stands for keyboard-interactive, which swift-nio-ssh
    /// cannot name: `SSHMessageAdapter` renames it on the wire.
    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods {
        var methods: NIOSSHAvailableUserAuthenticationMethods = .publicKey
        if configuration.passwordAuthentication && accounts != nil { methods.insert(.password) }
        if configuration.access == .everyone { methods.insert(.hostBased) }
        return methods
    }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        let eventLoop = responsePromise.futureResult.eventLoop
        let decision: EventLoopFuture<Decision>
        let marker = SSHMessageAdapter.keyboardInteractiveMarker
        let keyboardInteractive = request.username.hasPrefix(marker)
        let user = keyboardInteractive ? String(request.username.dropFirst(marker.count)) : request.username
        switch request.request {
        case .none where keyboardInteractive:
            // A public demo: a client without a key gets in as a guest,
            // asked nothing. Offered only in public mode.
            decision = eventLoop.makeSucceededFuture(configuration.access == .everyone
                ? .accept(.guest(), method: "keyboard-interactive (public)")
                : .refuse(method: "keyboard-interactive", reason: "not offered"))
        case .none:
            // Every client asks first with "none" to learn the methods: not
            // a failed attempt. Refused even in public mode, so the client
            // goes on to offer its keys.
            decision = eventLoop.makeSucceededFuture(.refuse(method: "none", reason: nil))
        case .publicKey(let offer):
            decision = offTheEventLoop(eventLoop) { [configuration, accounts, authorizedKeys] in
                Self.decideKey(offer.publicKey, configuration: configuration,
                               authorizedKeys: authorizedKeys, accounts: accounts)
            }
        case .password(let offer):
            decision = decidePassword(offer.password, user: user, on: eventLoop)
        case .hostBased:
            decision = eventLoop.makeSucceededFuture(.refuse(method: "hostbased", reason: "not offered"))
        }
        let ready = previousAnswer ?? eventLoop.makeSucceededVoidFuture()
        let answered = ready.flatMap { decision }.flatMap { [connection, configuration] decision -> EventLoopFuture<Void> in
            switch decision {
            case .accept(let identity, let method):
                connection.authenticated(as: identity)
                connection.logger.info("authenticated", metadata: [
                    "user": "\(ControlCharacters.logged(user))", "method": "\(method)", "as": "\(ControlCharacters.logged("\(identity)"))",
                ])
                responsePromise.succeed(.success)
                return eventLoop.makeSucceededVoidFuture()
            case .refuse(let method, let reason):
                guard let reason else {
                    responsePromise.succeed(.failure)
                    return eventLoop.makeSucceededVoidFuture()
                }
                connection.logger.notice("authentication failed", metadata: [
                    "user": "\(ControlCharacters.logged(user))", "method": "\(method)", "reason": "\(ControlCharacters.logged(reason))",
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

    /// May read the authorized keys file and ask the accounts (a database
    /// query), so it runs off the event loop.
    private static func decideKey(_ key: NIOSSHPublicKey, configuration: SSHAppServer.Configuration,
                                  authorizedKeys: AuthorizedKeysFile?, accounts: (any SSHAccounts)?) -> Decision {
        let text = String(openSSHPublicKey: key)
        let method = "publickey \(key.fingerprint)"
        // Bound by the operator's command on the server's database: the
        // only way a key is given an account without its owner signing in.
        if let bound = accounts?.account(boundTo: text) {
            return .accept(SSHIdentity(account: bound, publicKey: text), method: method + " (bound)")
        }
        let listed: Bool
        do {
            listed = try authorizedKeys?.current().lists(key) ?? false
        } catch {
            return .refuse(method: "publickey", reason: "\(error)")
        }
        // With listed keys only, a key a user linked gets in only while the
        // file lists it: deleting its line revokes it, linked or not.
        guard listed || configuration.access == .everyone else {
            return .refuse(method: "publickey", reason: "key \(key.fingerprint) not authorized")
        }
        if let linked = accounts?.account(linkedTo: text), accounts?.accountExists(linked) == true {
            return .accept(SSHIdentity(account: linked, publicKey: text), method: method + " (linked)")
        }
        return .accept(.guest(publicKey: text), method: method)
    }

    /// scrypt takes a while on purpose: it waits for the shared pool, one
    /// check at a time per connection, dropped if the connection closes.
    private func decidePassword(_ password: String, user: String, on eventLoop: any EventLoop)
        -> EventLoopFuture<Decision>
    {
        guard configuration.passwordAuthentication, let accounts else {
            return eventLoop.makeSucceededFuture(.refuse(method: "password", reason: "password authentication is off"))
        }
        return passwordChecks.check(for: ObjectIdentifier(connection), on: eventLoop) { () -> Decision in
            if let account = accounts.account(user: user, password: password) {
                return .accept(SSHIdentity(account: account), method: "password")
            }
            return .refuse(method: "password", reason: "wrong user name or password")
        }.recover { error in
            // A closed connection reads no answer: nothing to log.
            guard let refusal = error as? PasswordCheckPool.Refusal, refusal != .connectionClosed else {
                return .refuse(method: "password", reason: nil)
            }
            return .refuse(method: "password", reason: "\(refusal)")
        }
    }

    /// Runs `decide` on the key decisions' queue (it may block) and answers on `eventLoop`.
    private func offTheEventLoop(_ eventLoop: any EventLoop, _ decide: @escaping @Sendable () -> Decision)
        -> EventLoopFuture<Decision>
    {
        let promise = eventLoop.makePromise(of: Decision.self)
        Self.keyDecisions.async { promise.succeed(decide()) }
        return promise.futureResult
    }
}
