import Dispatch
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
@testable import ShojiSSH
import Testing

/// Password checks (scrypt) cannot be flooded: few at once, one per
/// connection, none for a connection that left.
@Suite struct PasswordCheckPoolTests {
    private final class Connection {}

    @Test func oneCheckPerConnectionFewAtOnceAndDroppedWhenTheConnectionCloses() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        let pool = PasswordCheckPool(checkers: 1, maximumWaiting: 1)
        let (first, second, third) = (Connection(), Connection(), Connection())
        let gate = DispatchSemaphore(value: 0)
        let running = pool.check(for: ObjectIdentifier(first), on: loop) { gate.wait(); return 1 }
        let again = pool.check(for: ObjectIdentifier(first), on: loop) { 2 }
        #expect(throws: PasswordCheckPool.Refusal.alreadyChecking) { try again.wait() }
        let ran = Flag()
        let waiting = pool.check(for: ObjectIdentifier(second), on: loop) { ran.set(); return 3 }
        let beyond = pool.check(for: ObjectIdentifier(third), on: loop) { 4 }
        #expect(throws: PasswordCheckPool.Refusal.busy) { try beyond.wait() }
        #expect(pool.load.running == 1 && pool.load.waiting == 1)
        pool.cancel(for: ObjectIdentifier(second))
        #expect(throws: PasswordCheckPool.Refusal.connectionClosed) { try waiting.wait() }
        gate.signal()
        #expect(try running.wait() == 1)
        #expect(try pool.check(for: ObjectIdentifier(first), on: loop) { 5 }.wait() == 5, "free again")
        #expect(!ran.isSet, "the dropped check never ran")
        #expect(pool.load.running == 0 && pool.load.waiting == 0)
    }
}

/// A flag set from any thread.
private final class Flag: Sendable {
    private let box = NIOLockedValueBox(false)
    func set() { box.withLockedValue { $0 = true } }
    var isSet: Bool { box.withLockedValue { $0 } }
}
