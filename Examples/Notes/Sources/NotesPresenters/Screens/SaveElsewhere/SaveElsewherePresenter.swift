import Foundation
import ShojiNavigation

/// "Save elsewhere": asks where to write a copy of the notes when their own
/// file cannot be written, checks the path and answers with it. The sheet's
/// result is all it tells the outside world.
@MainActor
package final class SaveElsewherePresenter {
    package weak var view: (any SaveElsewhereView)?
    /// Completed with the chosen path (absolute, `~` expanded); cancelled by
    /// Cancel and Esc.
    package let result = ResultChannel<String>()
    /// The path the field starts with.
    package let suggestedPath: String
    /// When set, the copy must go inside this folder (a served session may
    /// write only in its own folder, never anywhere the server's user can).
    package let folder: String?

    /// A sheet that suggests `suggestedPath`, limited to `folder` when set.
    package init(suggestedPath: String, folder: String? = nil) {
        self.suggestedPath = suggestedPath
        self.folder = folder.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    package func save(_ values: [String: String]) {
        let typed = (values["path"] ?? "").trimmingCharacters(in: .whitespaces)
        let expanded = (typed as NSString).expandingTildeInPath
        guard expanded.hasPrefix("/") else {
            return view?.showError("Give a full path (/... or ~/...)", forField: "path") ?? ()
        }
        let path = URL(fileURLWithPath: expanded).standardizedFileURL.path
        if let folder, !path.hasPrefix(folder + "/") {
            return view?.showError("Only inside \(folder)", forField: "path") ?? ()
        }
        view?.showError(nil, forField: "path")
        result.complete(path)
    }
}
