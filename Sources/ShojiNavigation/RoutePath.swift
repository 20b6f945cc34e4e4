/// A location in the app as text, e.g. `catalog/iphone-15-pro`: what deep links
/// open and what state restoration saves.
///
/// Rules, strict so that a path is safe to log, store and compare:
/// - at most `maxLength` (256) characters and `maxComponents` (16) components,
///   separated by `/`, with no leading, trailing or doubled `/`;
/// - ASCII `A`-`Z` are lowercased; after that every component is one or more of
///   `a`-`z`, `0`-`9` and `-` (so `.`, `..`, `%2e`, spaces, `_` and non-ASCII are
///   rejected: a path can never walk "up" or smuggle control characters).
public struct RoutePath: Hashable, Sendable, CustomStringConvertible {
    /// The longest path accepted, in characters.
    public static let maxLength = 256
    /// The most components a path may have.
    public static let maxComponents = 16

    /// The path's components, never empty.
    public let components: [String]

    /// Parses `a/b/c`; throws for an empty, too long or malformed path.
    public init(_ text: String) throws(RouteError) {
        guard !text.isEmpty else { throw .empty }
        guard text.count <= Self.maxLength else { throw .tooLong(length: text.count, limit: Self.maxLength) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        try self.init(components: parts)
    }

    /// A path of `components`, checked as a parsed one would be.
    public init(components: [String]) throws(RouteError) {
        guard !components.isEmpty else { throw .empty }
        guard components.count <= Self.maxComponents else {
            throw .tooManyComponents(count: components.count, limit: Self.maxComponents)
        }
        var normalized: [String] = []
        for (step, component) in components.enumerated() {
            guard !component.isEmpty else { throw .emptyComponent(step: step) }
            let lowered = Self.asciiLowercased(component)
            guard lowered.unicodeScalars.allSatisfy(Self.isAllowed) else {
                throw .invalidComponent(step: step, component: component)
            }
            normalized.append(lowered)
        }
        let joinedLength = normalized.reduce(normalized.count - 1) { $0 + $1.count }
        guard joinedLength <= Self.maxLength else { throw .tooLong(length: joinedLength, limit: Self.maxLength) }
        self.components = normalized
    }

    /// The path as text, components joined by `/`.
    public var description: String { components.joined(separator: "/") }

    /// The first component.
    public var first: String { components[0] }

    /// The number of components.
    public var count: Int { components.count }

    /// The component at `step`, or nil past the end.
    public subscript(step: Int) -> String? {
        components.indices.contains(step) ? components[step] : nil
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    private static func asciiLowercased(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }))
    }
}
