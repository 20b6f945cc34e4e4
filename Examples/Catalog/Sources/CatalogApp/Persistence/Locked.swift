import Foundation

/// A value guarded by a lock, for the little shared mutable state the
/// services have (observers, the log file). `Mutex` would do, but needs
/// macOS 15 and the package supports macOS 14.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
