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
        showsSameHeader(as: other) && showsSameTabs(as: other) && showsSameFooter(as: other)
    }

    /// The header: the app's title and the breadcrumb.
    func showsSameHeader(as other: ChromeInputs) -> Bool { title == other.title && path == other.path }

    /// The tab bar: the titles and the selected tab.
    func showsSameTabs(as other: ChromeInputs) -> Bool {
        selectedTab == other.selectedTab && tabTitles == other.tabTitles
    }

    /// The footer: what acts now (the screen's bindings, back, the frame's).
    func showsSameFooter(as other: ChromeInputs) -> Bool {
        isEditingText == other.isEditingText && offersBack == other.offersBack && backKeys == other.backKeys
            && screenBindings.isSameDeclarations(as: other.screenBindings)
            && frameBindings.isSameDeclarations(as: other.frameBindings)
    }
}
