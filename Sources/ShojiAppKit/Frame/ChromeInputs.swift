import ShojiWidgets

/// Everything the frame's header, tab bar and footer are made from, held
/// as it is (titles, bindings by declaration): comparing two is a few
/// integer and key comparisons, so a key that changes none of it (most list
/// movement) costs no footer strings and no reachability pass.
@MainActor
struct ChromeInputs {
    var title: String
    var path: [String]
    var tabTitles: [String]?
    var selectedTab: Int
    var screenBindings: [KeyBinding]
    var isEditingText: Bool
    var offersBack: Bool
    var backKeys: [TerminalKey]
    var frameBindings: [KeyBinding]

    /// Whether the chrome made from `other` would show what this shows.
    func showsSame(as other: ChromeInputs) -> Bool {
        isEditingText == other.isEditingText && offersBack == other.offersBack
            && selectedTab == other.selectedTab && title == other.title && path == other.path
            && tabTitles == other.tabTitles && backKeys == other.backKeys
            && screenBindings.isSameDeclarations(as: other.screenBindings)
            && frameBindings.isSameDeclarations(as: other.frameBindings)
    }
}
