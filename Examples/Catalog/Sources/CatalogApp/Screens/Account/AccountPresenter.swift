/// What the account screen may tell its view.
@MainActor
package protocol AccountView: AnyObject {
    func show(identity: String, detail: String, actionTitle: String)
}

/// What the account screen may ask of its coordinator.
@MainActor
package protocol AccountRoute: AnyObject {
    /// Sign out (or, for a guest, leave guest mode for the sign-in screen).
    func accountDidRequestSignOut()
}

/// Who is signed in, and the way out.
@MainActor
package final class AccountPresenter {
    package weak var view: (any AccountView)?
    package weak var route: (any AccountRoute)?
    private let account: Account?

    /// `account` nil means a guest.
    package init(account: Account?) {
        self.account = account
    }

    package func viewDidLoad() {
        if let account {
            view?.show(identity: "Signed in as \(account.email)",
                       detail: "Your favourites are saved with your account.", actionTitle: "Sign out")
        } else {
            view?.show(identity: "Browsing as a guest",
                       detail: "Sign in to keep favourites.", actionTitle: "Sign in")
        }
    }

    package func didPressSignOut() { route?.accountDidRequestSignOut() }
}
