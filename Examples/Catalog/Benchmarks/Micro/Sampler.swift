import Foundation

/// Collects timings of one benchmark: the first `warmup` calls of `time` are
/// thrown away (caches, lazy tables, first allocations), then `count` are kept.
/// A benchmark loops `while !sampler.isDone`, doing any untimed set-up for a
/// sample around its `time` call.
struct Sampler {
    let warmup: Int
    let count: Int
    /// Seconds per operation, one value per kept sample.
    private(set) var samples: [Double] = []
    private var calls = 0

    init(warmup: Int, count: Int) {
        self.warmup = warmup
        self.count = count
        samples.reserveCapacity(count)
    }

    var isDone: Bool { samples.count >= count }

    /// Times `body`, which performs `operations` operations.
    mutating func time(operations: Int = 1, _ body: () -> Void) {
        let start = DispatchTime.now().uptimeNanoseconds
        timedSectionBegins()
        body()
        timedSectionEnds()
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        calls += 1
        if calls > warmup { samples.append(Double(elapsed) / 1e9 / Double(operations)) }
    }
}

/// Marks where the timed part of a sample begins and ends, for
/// Benchmarks/callgrind.sh: it zeroes the counts on entering the first and
/// dumps them on entering the second, so each dump holds one timed section.
/// (Toggling collection on a function's entry and exit miscounted: callgrind
/// lost track of that function's return and went on collecting.) `dynamic`
/// keeps the optimiser from inlining or cloning them away; their bodies
/// differ so that it cannot merge the two into one function either.
@inline(never)
dynamic func timedSectionBegins() { timedSectionsBegun &+= 1 }

@inline(never)
dynamic func timedSectionEnds() { timedSectionOpen = false }

nonisolated(unsafe) private var timedSectionsBegun = 0
nonisolated(unsafe) private var timedSectionOpen = false

/// Medians and tails of a sampler's figures.
struct Summary {
    let count: Int
    let median: Double
    let p95: Double
    let minimum: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        count = sorted.count
        median = Summary.percentile(sorted, 0.5)
        p95 = Summary.percentile(sorted, 0.95)
        minimum = sorted.first ?? .nan
    }

    /// Linear interpolation between closest ranks, as Benchmarks/run.py does.
    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let position = fraction * Double(sorted.count - 1)
        let low = Int(position)
        let high = min(low + 1, sorted.count - 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }
}

/// "12.3 ms", "4.56 µs", "789 ns": three significant digits in a readable unit.
func formatSeconds(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "–" }
    let (value, unit): (Double, String) =
        seconds >= 1e-3 ? (seconds * 1e3, "ms") : seconds >= 1e-6 ? (seconds * 1e6, "µs") : (seconds * 1e9, "ns")
    let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
    return String(format: "%.\(digits)f %@", value, unit)
}
