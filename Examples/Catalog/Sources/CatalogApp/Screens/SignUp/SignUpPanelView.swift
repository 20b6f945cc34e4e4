import CatalogModel
import CatalogPresenters
import ShojiCurses
import ShojiWidgets

/// Email, password twice, Create account.
@MainActor
final class SignUpPanelView: PanelView, AuthFormView {
    let presenter: SignUpPresenter
    private let form = FormWidget(
        fields: [FormField(id: "email", label: "Email"), FormField(id: "password", label: "Password", isSecret: true),
                 FormField(id: "confirmation", label: "Repeat", isSecret: true)],
        buttons: ["Create account", "I have an account"])

    init(presenter: SignUpPresenter) {
        self.presenter = presenter
        super.init(title: "Create an account")
        form.onSubmit = { [weak self] _ in self?.submit() }
        form.onButton = { [weak self] index in
            if index == 0 { self?.submit() } else { self?.presenter.didRequestLogin() }
        }
        content = form
        presenter.view = self
    }

    override var isEditingText: Bool { form.isEditingText }
    override var cursorPosition: CellPoint? { form.cursorPosition }

    private func submit() {
        presenter.didSubmit(email: form.text(ofField: "email") ?? "", password: form.text(ofField: "password") ?? "",
                            confirmation: form.text(ofField: "confirmation") ?? "")
    }

    func showError(_ message: String?, for field: AuthField) { form.setError(message, forField: field.formID) }
    func showFormError(_ message: String?) { form.message = message.map { FormMessage($0, kind: .error) } }
}
