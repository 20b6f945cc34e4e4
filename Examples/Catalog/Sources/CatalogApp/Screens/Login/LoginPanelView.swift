import CatalogModel
import CatalogPresenters
import ShojiCurses
import ShojiWidgets

/// Email and password, Sign in, and the ways to the other auth screens.
@MainActor
final class LoginPanelView: PanelView, AuthFormView {
    let presenter: LoginPresenter
    private let form = FormWidget(
        fields: [FormField(id: "email", label: "Email"), FormField(id: "password", label: "Password", isSecret: true)],
        buttons: ["Sign in", "Create an account", "Continue as guest"])

    init(presenter: LoginPresenter) {
        self.presenter = presenter
        super.init(title: "Sign in")
        form.onSubmit = { [weak self] _ in self?.submit() }
        form.onButton = { [weak self] index in
            switch index {
            case 0: self?.submit()
            case 1: self?.presenter.didRequestSignUp()
            default: self?.presenter.didRequestGuest()
            }
        }
        content = form
        presenter.view = self
    }

    override var isEditingText: Bool { form.isEditingText }
    override var cursorPosition: CellPoint? { form.cursorPosition }

    private func submit() {
        presenter.didSubmit(email: form.text(ofField: "email") ?? "", password: form.text(ofField: "password") ?? "")
    }

    func showError(_ message: String?, for field: AuthField) { form.setError(message, forField: field.formID) }
    func showFormError(_ message: String?) { form.message = message.map { FormMessage($0, kind: .error) } }
}

extension AuthField {
    var formID: String {
        switch self {
        case .email: "email"
        case .password: "password"
        case .confirmation: "confirmation"
        }
    }
}
