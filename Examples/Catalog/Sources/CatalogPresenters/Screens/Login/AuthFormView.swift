import CatalogModel

/// The fields of the auth forms, for inline validation messages.
package enum AuthField: Hashable, Sendable {
    case email, password, confirmation
}

/// What the login and sign-up presenters may tell their form views.
@MainActor
package protocol AuthFormView: AnyObject {
    /// Shows `message` under `field`, or clears it with nil.
    func showError(_ message: String?, for field: AuthField)
    /// A message for the whole form (e.g. wrong email or password).
    func showFormError(_ message: String?)
}

extension AccountError {
    /// The field an error belongs to; nil for form-level errors.
    var field: AuthField? {
        switch self {
        case .malformedEmail, .accountExists: .email
        case .passwordTooShort: .password
        case .passwordsDiffer: .confirmation
        case .wrongCredentials, .tooManyAttempts, .accountLocked, .storage: nil
        }
    }
}

extension AuthFormView {
    /// Clears every message, then shows `error` where it belongs.
    func present(_ error: AccountError?) {
        for field in [AuthField.email, .password, .confirmation] {
            showError(error?.field == field ? error?.description : nil, for: field)
        }
        showFormError(error?.field == nil ? error?.description : nil)
    }
}
