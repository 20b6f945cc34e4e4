/// What the header's presenter may tell its view.
@MainActor
package protocol MonitorHeaderView: AnyObject {
    /// The meters and the lines of text.
    func showHeader(_ header: MonitorHeader)
    /// The CPU history graph: `values` (0...100), oldest first, in place of
    /// what it showed (`appending` false), or added to it (true).
    func showHistory(_ values: [Double], appending: Bool)
}
