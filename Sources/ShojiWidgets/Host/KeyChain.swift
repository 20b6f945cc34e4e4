import ShojiCurses

/// Who has the keys, decided in one place: the keys that act now, in the
/// one order a key is tried: the view that has the keys (a modal, else the
/// focused screen: its text field, its declared bindings, its focused
/// pane's widget), then the screen's focus chain (Tab, Shift-Tab and the
/// panes' focus keys), then back, then the frame's. Dispatch runs a key
/// through it and the footer, help and the command palette list
/// ``offered``, so what is offered is what a key press runs; it is made
/// again for every key (``NavigationHost/keyChain(frame:whileEditing:)``)
/// from parts the host and the frame keep, so making it builds no binding.
///
/// - The **view** is a modal on any stack on screen (an alert, a sheet, help:
///   it takes every key until it closes, whatever column presented it), else
///   the focused screen. Inside it, its text field comes first, then the
///   bindings the screen declared, then its content widget's: a binding the
///   screen declares is never shadowed by a widget's built-in alias
///   (``PanelView/bindings``).
/// - The **focus chain** is every pane of the screen that can take the
///   keys, in reading order however deep the layouts nest, a split's
///   columns included (``NavigationHost/focusChainBindings``). Tab and
///   Shift-Tab walk it and wrap, a pane's focus key reaches it from
///   anywhere on the screen; the layouts the chain walks leave those keys
///   to it, so a nested layout never keeps Tab to itself. None while a
///   modal has the keys.
/// - **The text-field rule lives here**: while the view edits text, a key a
///   field takes as text (``TextFieldEditor/isEditingKey(_:)``: printable
///   keys, Backspace, the arrows along the line...) is the view's alone, and
///   every later layer keeps only the keys the field does not take (Tab
///   acts as the screen declares, else walks the chain); the frame offers
///   its field-safe keys (F1, Ctrl-P, Ctrl-Q) instead of `?` and `q`, and
///   none at all in a modal's field (a modal offers its own way out).
@MainActor
public struct KeyChain {
    /// A layer of the chain and the bindings it offers.
    public struct Layer {
        /// Which part of the chain a layer is.
        public enum Role: Sendable, Equatable {
            /// The view that has the keys: its field, its declared bindings, its content's.
            case view
            /// The screen's focus chain: Tab, Shift-Tab and the panes' focus keys.
            case focus
            /// The back keys, while back does something.
            case back
            /// The frame's keys: help, commands, quit, the app's and the tabs'.
            case frame
        }
        /// Which part it is.
        public let role: Role
        /// Its bindings, in the order they are tried.
        public let bindings: [KeyBinding]
    }

    /// The view that gets every key first, if any.
    public let view: PanelView?
    /// Whether the view is a modal (presented, not pushed).
    let isModal: Bool
    /// Whether a text field of the view has focus now.
    public let isEditingText: Bool
    /// The layers after the view's, as their owners keep them.
    private let later: [Layer]
    /// The focus chain's keys it was made with (the frame's footer
    /// lists them beside its own without asking the host again).
    package let focusBindings: [KeyBinding]
    /// Whether back does something now (it was made with a back binding).
    package let offersBack: Bool

    /// A chain from its parts: `view` and whether it is a modal, the focus
    /// chain's `focus` keys, `back` (nil where back does nothing), and
    /// the frame's keys, `frame` normally and `frameWhileEditing` while a
    /// field of a screen (not a modal) has focus.
    public init(view: PanelView?, isModal: Bool, focus: [KeyBinding], back: KeyBinding?,
                frame: [KeyBinding], frameWhileEditing: [KeyBinding]) {
        self.view = view
        self.isModal = isModal
        let editing = view?.isEditingText == true
        isEditingText = editing
        focusBindings = focus
        offersBack = back != nil
        var later: [Layer] = []
        if !focus.isEmpty { later.append(Layer(role: .focus, bindings: focus)) }
        if let back { later.append(Layer(role: .back, bindings: [back])) }
        let frameKeys = editing ? (isModal ? [] : frameWhileEditing) : frame
        if !frameKeys.isEmpty { later.append(Layer(role: .frame, bindings: frameKeys)) }
        self.later = later
    }

    /// Runs `key` through the chain; false when nothing used it. A key the
    /// focused field takes as text goes no further than the view.
    @discardableResult
    public func dispatch(_ key: TerminalKey) -> Bool {
        if let view, view.handleRedrawing(key) { return true }
        if isEditingText, TextFieldEditor.isEditingKey(key) { return false }
        for layer in later where layer.bindings.dispatch(key) { return true }
        return false
    }

    /// Every binding that acts now, layer by layer in dispatch order: while
    /// a field has focus the later layers keep only the keys it does not
    /// take, and every binding keeps only the keys no earlier binding has
    /// (`KeyBinding.reachable(_:)`). Empty layers are left out.
    public var offered: [Layer] {
        var layers = [Layer(role: .view, bindings: view?.bindings ?? [])]
        for layer in later {
            let bindings = isEditingText
                ? layer.bindings.compactMap { $0.keeping { !TextFieldEditor.isEditingKey($0) } } : layer.bindings
            layers.append(Layer(role: layer.role, bindings: bindings))
        }
        let reached = KeyBinding.reachable(layers.map(\.bindings))
        return zip(layers, reached).compactMap { layer, bindings in
            bindings.isEmpty ? nil : Layer(role: layer.role, bindings: bindings)
        }
    }

    /// The offered bindings of the layers with `role`.
    public func offered(_ role: Layer.Role) -> [KeyBinding] {
        offered.filter { $0.role == role }.flatMap(\.bindings)
    }
}
