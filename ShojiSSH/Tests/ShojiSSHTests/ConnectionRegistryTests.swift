@testable import ShojiSSH
import Testing

@Suite struct ConnectionRegistryTests {
    @Test func eachAddressHasItsOwnCapAndClosingFreesAPlace() {
        let registry = ConnectionRegistry(maximumSessions: 10, maximumConnectionsPerAddress: 2)
        #expect(registry.openConnection(from: "10.0.0.1") == nil)
        #expect(registry.openConnection(from: "10.0.0.1") == nil)
        #expect(registry.openConnection(from: "10.0.0.1") == .tooManyFromAddress)
        #expect(registry.openConnection(from: "10.0.0.2") == nil)
        registry.closeConnection(from: "10.0.0.1", authenticated: false)
        #expect(registry.openConnection(from: "10.0.0.1") == nil)
    }

    /// A subscriber gets a whole /64: fresh addresses from it are one client.
    @Test func ipv6AddressesCountByTheirSlash64() {
        let registry = ConnectionRegistry(maximumSessions: 10, maximumConnectionsPerAddress: 2)
        #expect(registry.openConnection(from: "2001:db8:1:2::1") == nil)
        #expect(registry.openConnection(from: "2001:db8:1:2:ffff::9") == nil)
        #expect(registry.openConnection(from: "2001:db8:1:2:abcd:ef01:2345:6789") == .tooManyFromAddress)
        #expect(registry.openConnection(from: "2001:db8:1:3::1") == nil, "the next /64 is someone else")
        registry.closeConnection(from: "2001:db8:1:2::1", authenticated: false)
        #expect(registry.openConnection(from: "2001:db8:1:2::77") == nil)
    }

    /// OpenSSH's MaxStartups: a flood from many addresses fills only the
    /// places of connections still authenticating.
    @Test func connectionsStillAuthenticatingHaveAnOverallCap() {
        let registry = ConnectionRegistry(maximumSessions: 10, maximumConnectionsPerAddress: 10, maximumUnauthenticated: 2)
        #expect(registry.openConnection(from: "10.0.0.1") == nil)
        #expect(registry.openConnection(from: "10.0.0.2") == nil)
        #expect(registry.openConnection(from: "10.0.0.3") == .tooManyUnauthenticated)
        registry.connectionAuthenticated()
        #expect(registry.unauthenticatedCount == 1)
        #expect(registry.openConnection(from: "10.0.0.3") == nil, "an authenticated connection frees its place")
        registry.closeConnection(from: "10.0.0.2", authenticated: false)
        registry.closeConnection(from: "10.0.0.1", authenticated: true)
        #expect(registry.unauthenticatedCount == 1)
        #expect(registry.openConnection(from: "10.0.0.4") == nil)
    }

    @Test func sessionsStopAtTheMaximumAndEndingOneFreesAPlace() {
        let registry = ConnectionRegistry(maximumSessions: 2, maximumConnectionsPerAddress: 10)
        #expect(registry.reserveSession())
        registry.appStarted(100)
        #expect(registry.reserveSession())
        #expect(!registry.reserveSession())
        #expect(registry.runningApps == [100])
        registry.releaseSession(app: 100)
        #expect(registry.runningApps.isEmpty)
        #expect(registry.reserveSession())
        #expect(registry.sessionCount == 2)
    }

    @Test func afterStopAcceptingNothingNewGetsIn() {
        let registry = ConnectionRegistry(maximumSessions: 2, maximumConnectionsPerAddress: 2)
        registry.stopAccepting()
        #expect(!registry.isAccepting)
        #expect(registry.openConnection(from: "10.0.0.1") == .shuttingDown)
        #expect(!registry.reserveSession())
    }
}
