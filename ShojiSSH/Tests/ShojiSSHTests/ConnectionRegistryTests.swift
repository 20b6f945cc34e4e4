@testable import ShojiSSH
import Testing

@Suite struct ConnectionRegistryTests {
    @Test func eachAddressHasItsOwnCapAndClosingFreesAPlace() {
        let registry = ConnectionRegistry(maximumSessions: 10, maximumConnectionsPerAddress: 2)
        #expect(registry.openConnection(from: "10.0.0.1"))
        #expect(registry.openConnection(from: "10.0.0.1"))
        #expect(!registry.openConnection(from: "10.0.0.1"))
        #expect(registry.openConnection(from: "10.0.0.2"))
        registry.closeConnection(from: "10.0.0.1")
        #expect(registry.openConnection(from: "10.0.0.1"))
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
        #expect(!registry.openConnection(from: "10.0.0.1"))
        #expect(!registry.reserveSession())
    }
}
