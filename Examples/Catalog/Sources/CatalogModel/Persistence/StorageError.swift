/// A database failure, said as what the app was doing and what went wrong.
package struct StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    package let action: String
    package let reason: String

    package init(action: String, reason: String) {
        self.action = action
        self.reason = reason
    }

    /// A failure of `action` that `error` describes.
    package init(action: String, error: any Error) {
        self.init(action: action, reason: String(describing: error))
    }

    package var description: String { "Could not \(action): \(reason)" }
}
