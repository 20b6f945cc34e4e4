import ShojiCurses

/// The keys that act now, in the one order a key is tried: the view that
/// has the keys, then the container's focus keys (a split's Tab), then back,
/// then the frame's. Dispatch runs a key through it and the footer, help and
/// the command palette list ``offered``, so what is offered is what a key
/// press runs; it is made again for every key (``NavigationHost/keyChain(frame:whileEditing:)``)
/// from parts the host and the frame keep, so making it builds no binding.
///
/// - The **view** is a modal on any stack on screen (an alert, a sheet, help:
///   it takes every key until it closes, whatever column presented it), else
///   the focused screen. Inside it, its text field comes first, then the
///   bindings the screen declared, then its content widget's: a binding the
///   screen declares is never shadowed by a widget's built-in alias
///   (``PanelView/bindings``).
/// - **The text-field rule lives here**: while the view edits text, a key a
///   field takes as text (``TextFieldEditor/isEditingKey(_:)``: printable
///   keys, Tab, Backspace...) is the view's alone, and every later layer
///   keeps only the keys the field does not take; the frame offers its
///   field-safe keys (F1, Ctrl-P, Ctrl-Q) instead of `?` and `q`, and none
///   at all in a modal's field (a modal offers its own way out).
@MainActor
public struct KeyChain {
    /// A layer of the chain and the bindings it offers.
    public struct Layer {
        /// Which part of the chain a layer is.
        public enum Role: Sendable, Equatable {
            /// The view that has the keys: its field, its declared bindings, its content's.
            case view
            /// The container's focus keys: a split's Tab and Shift-Tab.
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
    /// The container's focus keys it was made with (the frame's footer
    /// lists them beside its own without asking the host again).
    package let focusBindings: [KeyBinding]
    /// Whether back does something now (it was made with a back binding).
    package let offersBack: Bool

    /// A chain from its parts: `view` and whether it is a modal, the
    /// container's `focus` keys, `back` (nil where back does nothing), and
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
