/// The route-path ids of items (`catalog/<id>`): slugs of titles, and `-2`, `-3`,
/// ... suffixes so that every id in one catalogue is unique.
package enum ItemIdentifiers {
    /// Lowercase ASCII letters and digits; every other run of characters
    /// becomes one `-`; no `-` at either end. "iPhone 15 Pro" -> "iphone-15-pro".
    package static func slug(_ text: String) -> String {
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        var pendingDash = false
        for byte in text.utf8 {
            let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowered) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lowered) {
                if pendingDash && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                pendingDash = false
                slug.append(lowered)
            } else {
                pendingDash = true
            }
        }
        return String(decoding: slug, as: UTF8.self)
    }
}

/// Hands out unique ids in file order: the first "a" stays "a", the next two
/// become "a-2" and "a-3".
struct UniqueIDAllocator {
    private var used: Set<String> = []

    mutating func allocate(_ base: String) -> String {
        let base = base.isEmpty ? "item" : base
        if used.insert(base).inserted { return base }
        var suffix = 2
        while !used.insert("\(base)-\(suffix)").inserted { suffix += 1 }
        return "\(base)-\(suffix)"
    }
}
