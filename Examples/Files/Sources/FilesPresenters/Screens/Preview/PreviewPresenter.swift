import ShojiPresentation

/// A file's preview: text wrapped, or a binary summary with a hex dump.
@MainActor
package final class PreviewPresenter {
    package let path: BytePath
    package let preview: FilePreview
    package weak var view: PreviewView?

    package init(path: BytePath, preview: FilePreview) {
        self.path = path
        self.preview = preview
    }

    package func viewDidLoad() {
        var fields = [DetailField("Size", "\(Format.size(preview.size)) (\(preview.size) bytes)"),
                      DetailField("Modified", Format.time(preview.modified))]
        let paragraphs: [String]
        switch preview.content {
        case .text(let text, let truncated):
            fields.append(DetailField("Type", truncated ? "text (first 64 KiB shown)" : "text"))
            paragraphs = [text]
        case .binary(let type, let hexDump):
            fields.append(DetailField("Type", type))
            paragraphs = hexDump.isEmpty ? [] : [hexDump.joined(separator: "\n")]
        }
        view?.show(title: preview.name, fields: fields, paragraphs: paragraphs)
    }
}
