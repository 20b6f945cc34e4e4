import CatalogModel

/// Who is signed in, the way out, and (in a session served over SSH with a
/// key) linking that key to the account.
@MainActor
package final class AccountPresenter {
    package weak var view: (any AccountView)?
    package weak var output: (any AccountOutput)?
    private let account: Account?
    private let keys: (any KeyLinking)?
    private var message: String?

    /// `account` nil means a guest; `keys` is the served session's key, if any.
    package init(account: Account?, keys: (any KeyLinking)? = nil) {
        self.account = account
        self.keys = keys
    }

    package func viewDidLoad() { refresh() }

    private func refresh() {
        guard let account else {
            view?.show(identity: "Browsing as a guest", detail: "Sign in to keep favourites.",
                       actions: ["Sign in"], message: message)
            return
        }
        var actions = ["Sign out"]
        var detail = "Your favourites are saved with your account."
        if let keys {
            let linked = keys.isLinked(to: account)
            actions.append(linked ? "Unlink this key" : "Link this key")
            detail += linked ? " This SSH key (\(keys.keyDescription)) signs you in."
                : " Link this SSH key (\(keys.keyDescription)) to sign in with it next time."
        }
        view?.show(identity: "Signed in as \(account.email)", detail: detail, actions: actions, message: message)
    }

    package func didPressSignOut() { output?.accountDidRequestSignOut() }

    /// The button at `index` of the last `show`.
    package func didPress(actionAt index: Int) {
        if index == 0 { return didPressSignOut() }
        guard index == 1, let account, let keys else { return }
        do {
            if keys.isLinked(to: account) {
                try keys.unlink()
                message = "This key no longer signs you in."
            } else if !keys.mayLink {
                message = "This key is no longer allowed here; it cannot be linked."
            } else {
                try keys.link(to: account)
                message = "Linked: connecting with this key now signs you in as \(account.email)."
            }
        } catch {
            message = error.description
        }
        refresh()
    }
}
