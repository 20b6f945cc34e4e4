import ShojiCurses

/// One thing a screen lets the user do: the keys that do it, a short label,
/// and whether the footer advertises it. The same declarations feed the
/// footer's hints, the help overlay and dispatch, so they cannot disagree.
@MainActor
public struct KeyBinding {
    /// The keys that run it; the first is the one the footer names.
    public let keys: [TerminalKey]
    /// What it does, in the footer and help.
    public let label: String
    /// Whether the footer lists it (help always does).
    public let showsInFooter: Bool
    /// How much the footer wants to keep it when not every binding fits
    /// (``Importance``); help and the palette list every binding alike.
    public let importance: Importance
    /// What it does.
    public let action: @MainActor () -> Void
    /// Which declaration this is: made once per `init`, kept by `keeping(_:)`
    /// (same label, footer and action). With `keys` it says everything the
    /// footer shows, so a footer can tell nothing changed without building
    /// a string (`isSameDeclaration(as:)`).
    let declaration: Int

    /// Numbers declarations; main-actor isolated, as every binding is made there.
    private static var declarationsMade = 0

    /// A binding of `keys` to `action`, of ``Importance/normal`` importance.
    public init(_ keys: [TerminalKey], _ label: String, footer: Bool = true, action: @escaping @MainActor () -> Void) {
        self.init(keys, label, footer: footer, importance: .normal, action: action)
    }

    /// A binding of `keys` to `action` that the footer keeps before the
    /// less important ones, or drops first (`importance`).
    public init(_ keys: [TerminalKey], _ label: String, footer: Bool = true, importance: Importance,
                action: @escaping @MainActor () -> Void) {
        Self.declarationsMade += 1
        self.init(keys: keys, label: label, footer: footer, importance: importance, action: action,
                  declaration: Self.declarationsMade)
    }

    private init(keys: [TerminalKey], label: String, footer: Bool, importance: Importance,
                 action: @escaping @MainActor () -> Void, declaration: Int) {
        self.keys = keys
        self.label = label
        self.showsInFooter = footer
        self.importance = importance
        self.action = action
        self.declaration = declaration
    }

    /// Whether `other` is this binding as declared, with the same keys: then
    /// the footer and help show them alike (label, footer flag and action
    /// cannot differ). Compares two integers and the keys, no strings.
    package func isSameDeclaration(as other: KeyBinding) -> Bool {
        declaration == other.declaration && keys == other.keys
    }

    /// The keys as a footer or help screen names them: `↑/k`, `Enter`.
    public var keyNames: String { keys.map(\.description).joined(separator: "/") }

    /// This binding with only the keys `isKept` accepts (same label, footer
    /// and action); nil when no key is left, since then it never acts.
    public func keeping(_ isKept: (TerminalKey) -> Bool) -> KeyBinding? {
        let kept = keys.filter(isKept)
        guard !kept.isEmpty else { return nil }
        if kept.count == keys.count { return self }
        return KeyBinding(keys: kept, label: label, footer: showsInFooter, importance: importance, action: action,
                          declaration: declaration)
    }

    /// `layers` (the screen's bindings, back, the app's...) as dispatch
    /// reaches them, tried in order: each binding keeps only the keys no
    /// earlier binding has, and one left with no key is dropped. What the
    /// footer and help offer is then what a key press would really run: `?`
    /// is not offered as "help" while the help overlay's own `?` closes it.
    public static func reachable(_ layers: [[KeyBinding]]) -> [[KeyBinding]] {
        // A set, and a binding none of whose keys is taken kept as it is: the
        // frame asks this whenever what acts changes (every push and pop).
        var taken = Set<TerminalKey>()
        var result: [[KeyBinding]] = []
        result.reserveCapacity(layers.count)
        for layer in layers {
            var reachedLayer: [KeyBinding] = []
            reachedLayer.reserveCapacity(layer.count)
            for binding in layer {
                // `keeping` also drops a binding declared with no key at all.
                let reached = binding.keys.isEmpty || binding.keys.contains(where: taken.contains)
                    ? binding.keeping { !taken.contains($0) } : binding
                taken.formUnion(binding.keys)
                if let reached { reachedLayer.append(reached) }
            }
            result.append(reachedLayer)
        }
        return result
    }
}

extension Array where Element == KeyBinding {
    /// Whether `other` holds the same declarations with the same keys, in
    /// the same order (`KeyBinding.isSameDeclaration(as:)`).
    @MainActor
    package func isSameDeclarations(as other: [KeyBinding]) -> Bool {
        // A loop, not `allSatisfy`: a main-actor closure checks its executor
        // at every call, and the frame asks this for every binding per key.
        guard count == other.count else { return false }
        for index in indices where !self[index].isSameDeclaration(as: other[index]) { return false }
        return true
    }

    /// Runs the first binding that has `key`; false when none does.
    @MainActor
    public func dispatch(_ key: TerminalKey) -> Bool {
        guard let binding = first(where: { $0.keys.contains(key) }) else { return false }
        binding.action()
        return true
    }
}
