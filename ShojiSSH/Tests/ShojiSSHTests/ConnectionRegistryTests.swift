import NIOConcurrencyHelpers
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
        registry.connectionAuthenticated(from: "10.0.0.1")
        #expect(registry.unauthenticatedCount == 1)
        #expect(registry.openConnection(from: "10.0.0.3") == nil, "an authenticated connection frees its place")
        registry.closeConnection(from: "10.0.0.2", authenticated: false)
        registry.closeConnection(from: "10.0.0.1", authenticated: true)
        #expect(registry.unauthenticatedCount == 1)
        #expect(registry.openConnection(from: "10.0.0.4") == nil)
    }

    /// Finding C of issue 49: 17 addresses with 32 slow connections each
    /// held every one of 512 places. Pending connections have a maximum
    /// per address far below the total, and a connection that becomes a
    /// session (or closes) frees its address's pending place.
    @Test func pendingConnectionsHaveAMaximumPerAddress() {
        var limits = SessionLimits()
        limits.maximumPendingConnections = 512
        limits.maximumPendingPerAddress = 8
        let registry = ConnectionRegistry(limits: limits)
        var refusals: [ConnectionRegistry.Refusal?] = []
        for index in 0..<(17 * 32) { refusals.append(registry.openConnection(from: "127.0.0.\(2 + index % 17)")) }
        #expect(refusals.filter { $0 == nil }.count == 17 * 8)
        #expect(refusals.compactMap { $0 }.allSatisfy { $0 == .tooManyPendingFromAddress })
        #expect(registry.openConnection(from: "127.0.0.1") == nil, "a bystander still gets in")
        #expect(registry.openConnection(from: "2001:db8::1") == nil)
        registry.connectionAuthenticated(from: "127.0.0.2")
        #expect(registry.pendingCount(from: "127.0.0.2") == 7)
        #expect(registry.openConnection(from: "127.0.0.2") == nil, "a session frees its pending place")
        #expect(registry.openConnection(from: "127.0.0.2") == .tooManyPendingFromAddress)
        registry.closeConnection(from: "127.0.0.3", authenticated: false)
        #expect(registry.openConnection(from: "127.0.0.3") == nil, "a closed pending connection frees its place")
        registry.closeConnection(from: "127.0.0.2", authenticated: true)
        #expect(registry.pendingCount(from: "127.0.0.2") == 8, "a session's close leaves the pending count alone")
    }

    /// A flood of refusals writes a bounded number of log lines a second,
    /// and the next line says how many were left out.
    @Test func refusalsAreLoggedAtABoundedRate() {
        var limits = SessionLimits()
        limits.refusalLogLinesPerSecond = 3
        let registry = ConnectionRegistry(limits: limits)
        let second: UInt64 = 1_000_000_000
        let logged = (0..<10).map { registry.refusalToLog(now: 5 * second + UInt64($0)) }
        #expect(logged == [0, 0, 0, nil, nil, nil, nil, nil, nil, nil])
        #expect(registry.refusalToLog(now: 6 * second) == 7, "the next second's first line counts the unlogged")
        #expect(registry.refusalToLog(now: 6 * second + 1) == 0)
    }

    @Test func sessionsStopAtTheMaximumAndEndingOneFreesAPlace() {
        let registry = ConnectionRegistry(maximumSessions: 2, maximumConnectionsPerAddress: 10)
        #expect(registry.reserveSession(from: "10.0.0.1") == nil)
        registry.appStarted(100)
        #expect(registry.reserveSession(from: "10.0.0.1") == nil)
        #expect(registry.reserveSession(from: "10.0.0.1") == .full)
        #expect(registry.runningApps == [100])
        registry.releaseSession(from: "10.0.0.1", app: 100)
        #expect(registry.runningApps.isEmpty)
        #expect(registry.reserveSession(from: "10.0.0.1") == nil)
        #expect(registry.sessionCount == 2)
    }

    @Test func afterStopAcceptingNothingNewGetsIn() {
        let registry = ConnectionRegistry(maximumSessions: 2, maximumConnectionsPerAddress: 2)
        registry.stopAccepting()
        #expect(!registry.isAccepting)
        #expect(registry.openConnection(from: "10.0.0.1") == .shuttingDown)
        #expect(registry.reserveSession(from: "10.0.0.1") == .shuttingDown)
    }

    /// One address (or IPv6 /64) cannot take every session, whatever
    /// connections it spreads them over.
    @Test func eachAddressHasItsOwnSessionCap() {
        let registry = ConnectionRegistry(maximumSessions: 10, maximumConnectionsPerAddress: 10, maximumSessionsPerAddress: 2)
        #expect(registry.reserveSession(from: "2001:db8:1:2::1") == nil)
        #expect(registry.reserveSession(from: "2001:db8:1:2::2") == nil)
        #expect(registry.reserveSession(from: "2001:db8:1:2::3") == .tooManyFromAddress)
        #expect(registry.reserveSession(from: "10.0.0.1") == nil, "another address has its own places")
        registry.releaseSession(from: "2001:db8:1:2::2", app: nil)
        #expect(registry.reserveSession(from: "2001:db8:1:2::9") == nil)
    }

    /// PROXY connections that have not named their client yet count by the
    /// socket's address and among those still authenticating.
    @Test func connectionsAwaitingTheirProxyHeaderAreCapped() {
        let registry = ConnectionRegistry(maximumSessions: 10, maximumConnectionsPerAddress: 2, maximumUnauthenticated: 3)
        #expect(registry.openAwaitingHeader(from: "10.0.0.9") == nil)
        #expect(registry.openAwaitingHeader(from: "10.0.0.9") == nil)
        #expect(registry.openAwaitingHeader(from: "10.0.0.9") == .tooManyFromAddress)
        #expect(registry.openAwaitingHeader(from: "10.0.0.8") == nil)
        #expect(registry.openAwaitingHeader(from: "10.0.0.7") == .tooManyUnauthenticated)
        registry.closeAwaitingHeader(from: "10.0.0.9")
        #expect(registry.unauthenticatedCount == 2)
        #expect(registry.openAwaitingHeader(from: "10.0.0.9") == nil)
    }

    /// OpenSSH's MaxStartups 2:40:6: below the start nothing is dropped;
    /// from it, a draw under the chance (40 % rising to 100 % at full) refuses.
    @Test func pastTheStartConnectionsAreDroppedAtRandomMoreOftenNearFull() {
        let draw = NIOLockedValueBox(99)
        let registry = ConnectionRegistry(maximumSessions: 10, maximumConnectionsPerAddress: 10, maximumUnauthenticated: 6,
                                          earlyDrop: (start: 2, rate: 40), randomPercent: { draw.withLockedValue { $0 } })
        draw.withLockedValue { $0 = 0 }
        #expect(registry.openConnection(from: "10.0.0.1") == nil, "below the start: never dropped")
        #expect(registry.openConnection(from: "10.0.0.2") == nil)
        #expect(registry.openConnection(from: "10.0.0.3") == .droppedEarly, "at the start a draw of 0 < 40 drops")
        draw.withLockedValue { $0 = 40 }
        #expect(registry.openConnection(from: "10.0.0.3") == nil, "a draw of 40 is not under 40 %")
        #expect(registry.openConnection(from: "10.0.0.4") == .droppedEarly, "3 of 6: the chance is 55 %")
        draw.withLockedValue { $0 = 99 }
        #expect(registry.openConnection(from: "10.0.0.4") == nil)
        #expect(registry.openConnection(from: "10.0.0.5") == nil, "4 of 6: 70 %, and 99 is not under it")
        draw.withLockedValue { $0 = 84 }
        #expect(registry.openConnection(from: "10.0.0.6") == .droppedEarly, "5 of 6: 85 %")
        #expect(registry.openConnection(from: "10.0.0.6", admitted: true) == nil, "a connection that passed its draw")
        #expect(registry.openConnection(from: "10.0.0.7", admitted: true) == .tooManyUnauthenticated)
    }
}
