import ShojiPresentation

/// A file's preview: text wrapped, or a binary summary with a hex dump; in
/// the preview pane also a directory's names, or why there is nothing to show.
@MainActor
package final class PreviewPresenter {
    /// What the pane shows.
    package enum Subject: Sendable {
        case file(FilePreview)
        case directory(name: String, DirectoryListing)
        case unavailable(name: String, reason: String)
    }

    package let path: BytePath
    package let subject: Subject
    /// Where the previewed path leads, when it is a symbolic link.
    package let linkTarget: String?
    package weak var view: PreviewView?

    package init(path: BytePath, preview: FilePreview) {
        self.path = path
        self.subject = .file(preview)
        linkTarget = DirectoryReader.linkTarget(of: path).map(FileName.display)
    }

    private var linkFields: [DetailField] { linkTarget.map { [DetailField("Link to", $0)] } ?? [] }

    /// The line that marks where a preview stops: nothing past it was read.
    package static func stopMark(_ text: String) -> String { "── " + text + " ──" }

    /// The pane's preview of the entry at `path`, whatever it is: read now
    /// (a file's first 64 KiB, a directory's first names), errors said in it.
    package init(previewing path: BytePath) {
        self.path = path
        linkTarget = DirectoryReader.linkTarget(of: path).map(FileName.display)
        let name = FileName.display(path.lastComponent)
        do throws(FileError) {
            switch try DirectoryReader.kind(of: path).kind {
            case .directory: subject = .directory(name: name, try DirectoryListing.read(path))
            case .file: subject = .file(try FilePreview.read(path))
            case let kind: subject = .unavailable(name: name, reason: "A \(FilePreview.kindName(kind)) is not previewed.")
            }
        } catch {
            subject = .unavailable(name: name, reason: error.description)
        }
    }

    /// The title the screen shows.
    package var name: String {
        switch subject {
        case .file(let preview): preview.name
        case .directory(let name, _), .unavailable(let name, _): name
        }
    }

    package func viewDidLoad() {
        switch subject {
        case .file(let preview): show(preview)
        case .directory(let name, let listing):
            let count = (listing.isPartial ? "more than " : "") + ProgressText.count(listing.read)
            var paragraphs = listing.names.isEmpty ? [] : [listing.names.joined(separator: "\n")]
            if listing.isPartial {
                paragraphs.append(Self.stopMark("the first \(ProgressText.count(listing.read)) entries read; Enter lists them all"))
            }
            view?.show(title: name, fields: linkFields + [DetailField("Type", "directory"), DetailField("Entries", count)],
                       paragraphs: paragraphs)
        case .unavailable(let name, let reason):
            view?.show(title: name, fields: [], paragraphs: [reason])
        }
    }

    private func show(_ preview: FilePreview) {
        var fields = [DetailField("Size", "\(Format.size(preview.size)) (\(preview.size) bytes)"),
                      DetailField("Modified", Format.time(preview.modified))]
        var paragraphs: [String]
        switch preview.content {
        case .text(let text, let truncated):
            fields.append(DetailField("Type", truncated ? "text (first 64 KiB shown)" : "text"))
            paragraphs = truncated
                ? [text, Self.stopMark("the preview stops here, after \(Format.size(Int64(FilePreview.limit))) of \(Format.size(preview.size))")]
                : [text]
        case .binary(let type, let hexDump):
            fields.append(DetailField("Type", type))
            paragraphs = hexDump.isEmpty ? [] : [hexDump.joined(separator: "\n")]
            if preview.size > Int64(FilePreview.hexBytes) {
                paragraphs.append(Self.stopMark("the first \(FilePreview.hexBytes) of \(preview.size) bytes"))
            }
        }
        view?.show(title: preview.name, fields: linkFields + fields, paragraphs: paragraphs)
    }
}
