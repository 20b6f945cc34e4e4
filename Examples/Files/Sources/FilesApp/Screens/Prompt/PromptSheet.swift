import ShojiAppKit

/// One line of text asked for (find, rename, …): Enter answers with the
/// text, Esc or Cancel with nothing. An empty answer is refused in place.
@MainActor
final class PromptSheet: FormSheet<String> {
    init(title: String, label: String, text: String = "", answer: String = "OK") {
        let result = ResultChannel<String>()
        var form: FormWidget?
        super.init(title: title, fields: [FormField(id: "text", label: label, text: text)], result: result,
                   saveTitle: answer) { values in
            let text = values["text"] ?? ""
            if text.isEmpty {
                form?.setError("Type something, or Esc to cancel.", forField: "text")
            } else {
                result.complete(text)
            }
        }
        form = self.form
    }
}
