/// What went wrong signing up or in, worded for the form's message line.
package enum AccountError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedEmail
    case passwordTooShort(minimum: Int)
    case passwordsDiffer
    case accountExists
    /// One case for unknown email and wrong password, so the message does not
    /// reveal which emails have accounts.
    case wrongCredentials
    /// Wrong passwords came too fast in this session: the next attempt
    /// is checked only after this many seconds.
    case tooManyAttempts(seconds: Int)
    /// `failures` wrong passwords in a row, from any sessions, locked the
    /// account; sign-in is refused, unchecked, for `minutes` more.
    case accountLocked(failures: Int, minutes: Int)
    case storage(StorageError)

    package var description: String {
        switch self {
        case .malformedEmail: "Enter an email address like name@example.com"
        case .passwordTooShort(let minimum): "The password must have at least \(minimum) characters"
        case .passwordsDiffer: "The two passwords differ"
        case .accountExists: "An account with this email already exists"
        case .wrongCredentials: "Wrong email or password"
        case .tooManyAttempts(let seconds): "Too many wrong passwords: try again in \(seconds) s"
        case .accountLocked(let failures, let minutes):
            "This account is locked after \(failures) wrong passwords: try again in \(minutes) min, or ask the operator"
        case .storage(let error): error.description
        }
    }
}
