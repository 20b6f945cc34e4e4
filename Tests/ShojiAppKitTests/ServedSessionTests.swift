import Testing
import ShojiAppKit

@Suite struct ServedSessionTests {
    @Test func theServersVariablesDescribeTheSession() {
        #expect(ServedSession.current(environment: [:]) == nil)
        #expect(ServedSession.current(environment: ["SHOJI_SSH_SESSION": "guest", "SHOJI_SSH_CLIENT": "::1"])
                == ServedSession(account: nil, client: "::1"))
        #expect(ServedSession.current(environment: [
            "SHOJI_SSH_SESSION": "account", "SHOJI_SSH_ACCOUNT": "alice@example.com",
            "SHOJI_SSH_PUBLIC_KEY": "ssh-ed25519 AAAA",
        ]) == ServedSession(account: "alice@example.com", publicKey: "ssh-ed25519 AAAA"))
        #expect(ServedSession.current(environment: ["SHOJI_SSH_SESSION": "account"]) == nil,
                "an account session that names no account is no session")
        #expect(ServedSession.current(environment: ["SHOJI_SSH_SESSION": "admin", "SHOJI_SSH_ACCOUNT": "x"]) == nil)
    }
}
