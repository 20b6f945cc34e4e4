// Names this type had before 0.1.0, kept as deprecated aliases for the 0.1
// releases (CONTRIBUTING.md, "Deprecation"): an app's code moves by fix-it.
extension ListScreenView {
    /// The selected row's index, as before 0.1.0. The presenter owns the
    /// highlighted item now (it hears every change through
    /// `ListScreenRows.didHighlight(index:)`); a test reads the widget's.
    @available(*, deprecated, renamed: "list.selectedIndex", message: "the presenter hears the highlighted row through didHighlight(index:)")
    public var selectedIndex: Int? { list.selectedIndex }
}
