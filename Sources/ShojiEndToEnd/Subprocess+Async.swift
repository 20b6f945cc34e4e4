import Foundation

extension Subprocess {
    /// Runs `executable` as the synchronous `run` does, on a thread of its
    /// own: `waitpid` blocks until the program ends, and an ssh client or a
    /// command that runs for seconds would hold one of Swift's cooperative
    /// threads (as many as there are cores) all that time. The compiler
    /// picks this overload when the call is awaited.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil)
        async throws -> Result
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result { try run(executable, arguments, environment: environment) })
            }
        }
    }
}
