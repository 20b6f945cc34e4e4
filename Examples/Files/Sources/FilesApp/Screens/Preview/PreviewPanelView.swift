import ShojiAppKit

/// What the preview presenter may tell its view.
@MainActor
public protocol PreviewView: AnyObject {
    func show(title: String, fields: [DetailField], paragraphs: [String])
}

/// A file's preview: text wrapped, or a binary summary with a hex dump.
@MainActor
public final class PreviewPresenter {
    public let path: BytePath
    public let preview: FilePreview
    public weak var view: PreviewView?

    public init(path: BytePath, preview: FilePreview) {
        self.path = path
        self.preview = preview
    }

    public func viewDidLoad() {
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

public final class PreviewPanelView: PanelView, PreviewView {
    public let presenter: PreviewPresenter
    public let detail = DetailWidget(title: "")

    public init(presenter: PreviewPresenter) {
        self.presenter = presenter
        super.init(title: presenter.preview.name)
        content = detail
        presenter.view = self
        presenter.viewDidLoad()
    }

    public func show(title: String, fields: [DetailField], paragraphs: [String]) {
        detail.title = title
        detail.fields = fields
        detail.paragraphs = paragraphs
    }

    public override func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key {
            switch event.action {
            case .wheelUp: detail.scroll(.up); detail.scroll(.up); detail.scroll(.up)
            case .wheelDown: detail.scroll(.down); detail.scroll(.down); detail.scroll(.down)
            default: return false
            }
            return true
        }
        return super.handle(key)
    }
}
