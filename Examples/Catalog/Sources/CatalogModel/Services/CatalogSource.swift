import Foundation

/// Where the catalogue comes from, as chosen on the command line, and the
/// service that loads it.
package enum CatalogSource: Sendable, Equatable {
    case embedded
    case file(path: String)
    case url(URL)
    case generated(count: Int)

    /// Decides between a file and an http(s) URL. `file://` URLs become paths;
    /// any other `scheme://` is refused rather than read as a strange path.
    package static func parse(_ text: String) throws(CatalogError) -> CatalogSource {
        guard let schemeEnd = text.range(of: "://") else { return .file(path: text) }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        switch scheme {
        case "http", "https":
            guard let url = URL(string: text), url.host != nil else { throw .unsupportedSource(text) }
            return .url(url)
        case "file":
            guard let url = URL(string: text), url.isFileURL else { throw .unsupportedSource(text) }
            return .file(path: url.path)
        default:
            throw .unsupportedSource(text)
        }
    }
}
