// Names this type had before 0.1.0, kept as deprecated aliases for the 0.1
// releases (CONTRIBUTING.md, "Deprecation"): an app's code moves by fix-it.
extension SplitContainer {
    /// Called when the detail column comes on screen empty (side by side),
    /// so the flow can preview what the list has selected, as before 0.1.0.
    /// Called only while ``detailForItem`` is nil: the split previews the
    /// highlighted item itself once the flow sets that and calls
    /// ``highlight(_:)`` on every change.
    @available(*, deprecated, message: "set detailForItem and call highlight(_:) when the highlighted item changes: the split previews it itself")
    public var onNeedsDetail: (() -> Void)? {
        get { needsDetail }
        set { needsDetail = newValue }
    }
}
