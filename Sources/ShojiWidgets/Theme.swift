import ShojiCurses

/// The one place that says how each role looks, so screens never pick colours
/// themselves. Every role carries its meaning in attributes as well as colour,
/// because on a monochrome screen (or with `NO_COLOR`) the palette drops colours:
/// selection stays reverse video, focus bold/underline, matches underlined.
public struct Theme: Hashable, Sendable {
    /// Plain text.
    public var normal: Style
    /// Secondary text: a year column, hints, empty states.
    public var secondary: Style
    /// The selected row.
    public var selection: Style
    /// The selection of a widget that does not have focus (under a modal).
    public var selectionUnfocused: Style
    /// The header line.
    public var header: Style
    /// A key's name in the footer.
    public var footerKey: Style
    /// What a key does, in the footer.
    public var footerLabel: Style
    /// The selected tab.
    public var tabActive: Style
    /// The other tabs.
    public var tabInactive: Style
    /// Box borders.
    public var border: Style
    /// Titles: a detail's heading, a box's title.
    public var title: Style
    /// The part of a row that matches the filter.
    public var match: Style
    /// Error messages.
    public var error: Style
    /// Success messages.
    public var success: Style
    /// A text field without focus.
    public var field: Style
    /// A text field with focus.
    public var focusedField: Style
    /// A button without focus.
    public var button: Style
    /// The button with focus.
    public var focusedButton: Style
    /// A toast.
    public var toast: Style

    /// A theme of every style.
    public init(normal: Style, secondary: Style, selection: Style, selectionUnfocused: Style,
                header: Style, footerKey: Style, footerLabel: Style, tabActive: Style, tabInactive: Style,
                border: Style, title: Style, match: Style, error: Style, success: Style,
                field: Style, focusedField: Style, button: Style, focusedButton: Style, toast: Style)
    {
        self.normal = normal
        self.secondary = secondary
        self.selection = selection
        self.selectionUnfocused = selectionUnfocused
        self.header = header
        self.footerKey = footerKey
        self.footerLabel = footerLabel
        self.tabActive = tabActive
        self.tabInactive = tabInactive
        self.border = border
        self.title = title
        self.match = match
        self.error = error
        self.success = success
        self.field = field
        self.focusedField = focusedField
        self.button = button
        self.focusedButton = focusedButton
        self.toast = toast
    }

    /// Colours where the terminal has them, attributes that still read without.
    public static let standard = Theme(
        normal: .plain,
        secondary: .dim,
        selection: Style(foreground: .cyan, attributes: [.reverse, .bold]),
        selectionUnfocused: Style(attributes: .reverse),
        header: Style(foreground: .white, background: .blue, attributes: .bold),
        footerKey: Style(foreground: .cyan, attributes: .bold),
        footerLabel: .plain,
        tabActive: Style(foreground: .cyan, attributes: [.reverse, .bold]),
        tabInactive: .plain,
        border: Style(foreground: .cyan),
        title: Style(foreground: .cyan, attributes: .bold),
        match: Style(foreground: .yellow, attributes: [.bold, .underline]),
        error: Style(foreground: .red, attributes: .bold),
        success: Style(foreground: .green, attributes: .bold),
        field: Style(attributes: .underline),
        focusedField: Style(foreground: .cyan, attributes: [.bold, .underline]),
        button: .plain,
        focusedButton: Style(foreground: .cyan, attributes: [.reverse, .bold]),
        toast: Style(foreground: .yellow, attributes: [.reverse, .bold])
    )

    /// Attributes only: what `standard` means without colour, spelled out so
    /// a monochrome screen gets deliberate choices rather than leftovers.
    public static let monochrome = Theme(
        normal: .plain,
        secondary: .dim,
        selection: Style(attributes: [.reverse, .bold]),
        selectionUnfocused: Style(attributes: .reverse),
        header: Style(attributes: [.reverse, .bold]),
        footerKey: .bold,
        footerLabel: .plain,
        tabActive: Style(attributes: [.reverse, .bold]),
        tabInactive: .plain,
        border: .plain,
        title: .bold,
        match: Style(attributes: [.bold, .underline]),
        error: .bold,
        success: .bold,
        field: Style(attributes: .underline),
        focusedField: Style(attributes: [.bold, .underline]),
        button: .plain,
        focusedButton: Style(attributes: [.reverse, .bold]),
        toast: Style(attributes: [.reverse, .bold])
    )

    /// The theme that suits `depth`.
    public static func forDepth(_ depth: ColorDepth) -> Theme {
        depth == .monochrome ? .monochrome : .standard
    }

    /// The theme a widget uses on `canvas`: `custom` when the owner set one,
    /// else the one that suits the canvas's colour depth.
    @MainActor
    public static func resolve(_ custom: Theme?, for canvas: Canvas) -> Theme {
        custom ?? forDepth(canvas.colorDepth)
    }
}
