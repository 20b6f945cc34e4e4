/// What one child asks for along a layout's axis, its content already
/// measured: the input of ``LayoutDemand/lengths(of:in:)``.
struct LayoutDemand: Hashable {
    /// How the child wants to be sized.
    enum Kind: Hashable {
        /// Exactly so many cells (`.fixed`, or a `.fraction` worked out).
        case exact(Int)
        /// The content's own length: shrunk after the fill children when short.
        case content(Int)
        /// A share of what is left, by weight.
        case fill(Int)
    }
    var kind: Kind
    var minimum = 0
    var maximum: Int?

    func clamped(_ length: Int) -> Int {
        let capped = maximum.map { min(length, $0) } ?? length
        return max(minimum, capped)
    }

    /// The length of each child on an axis of `available` cells (spacing
    /// already taken off). Exact and content lengths are clamped to their
    /// minimum and maximum; fill children share what is left by weight,
    /// clamped too. When that does not fit, fill children are at their
    /// minimum already, so content children shrink next (the last first),
    /// down to their minimum; what still does not fit is for the caller to
    /// cut from the end.
    static func lengths(of demands: [LayoutDemand], in available: Int) -> [Int] {
        var lengths = demands.map { demand -> Int in
            switch demand.kind {
            case .exact(let length), .content(let length): demand.clamped(length)
            case .fill: demand.clamped(0)
            }
        }
        let fills = demands.indices.filter { if case .fill = demands[$0].kind { true } else { false } }
        let fixedTotal = demands.indices.filter { !fills.contains($0) }.reduce(0) { $0 + lengths[$1] }
        shareByWeight(demands, fills, pool: available - fixedTotal, into: &lengths)
        shrinkContent(demands, over: lengths.reduce(0, +) - available, into: &lengths)
        return lengths
    }

    /// Gives `pool` cells to the fill children by weight: a child whose
    /// share breaks its minimum or maximum gets that bound, and the others
    /// share again what is left.
    private static func shareByWeight(_ demands: [LayoutDemand], _ fills: [Int], pool: Int, into lengths: inout [Int]) {
        var open = fills
        var pool = pool
        while !open.isEmpty {
            let weights = open.map { index -> Int in
                if case .fill(let weight) = demands[index].kind { return max(0, weight) }
                return 0
            }
            let shares = distribute(max(0, pool), weights: weights)
            let bounded = open.indices.filter { demands[open[$0]].clamped(shares[$0]) != shares[$0] }
            guard !bounded.isEmpty else {
                for (position, index) in open.enumerated() { lengths[index] = shares[position] }
                return
            }
            for position in bounded {
                let index = open[position]
                lengths[index] = demands[index].clamped(shares[position])
                pool -= lengths[index]
            }
            let done = Set(bounded.map { open[$0] })
            open.removeAll { done.contains($0) }
        }
    }

    /// `total` split by `weights`, the remainder of the division going one
    /// cell each to the largest remainders (the first on a tie), so the
    /// lengths always add up to `total` (all to nobody when every weight is 0).
    static func distribute(_ total: Int, weights: [Int]) -> [Int] {
        let sum = weights.reduce(0, +)
        guard sum > 0 else { return weights.map { _ in 0 } }
        var shares = weights.map { total * $0 / sum }
        let remainders = weights.indices.sorted { (total * weights[$0]) % sum > (total * weights[$1]) % sum }
        for index in remainders.prefix(total - shares.reduce(0, +)) { shares[index] += 1 }
        return shares
    }

    /// Takes `overflow` cells from the content children, the last first,
    /// none below its minimum.
    private static func shrinkContent(_ demands: [LayoutDemand], over overflow: Int, into lengths: inout [Int]) {
        var overflow = overflow
        for index in demands.indices.reversed() where overflow > 0 {
            guard case .content = demands[index].kind else { continue }
            let taken = min(overflow, max(0, lengths[index] - demands[index].minimum))
            lengths[index] -= taken
            overflow -= taken
        }
    }
}
