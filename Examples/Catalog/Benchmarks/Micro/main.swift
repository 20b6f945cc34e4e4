import Foundation

// catalog-microbench: the hot paths timed inside one process, in release.
// Reports only: it never fails on slowness (exit 1 only for bad arguments).
//
//   catalog-microbench [--quick] [--only NAME-OR-SUBSTRING] [--samples N] [--warmup N]

let all: [MicroBenchmark] = [
    .routerPushPop, .appDetailAndBack,
    .filterFirstCharacter, .filterOneMoreCharacter, .filterOneMoreCharacterStored,
    .listDownInPage, .splitDown, .loneListDown, .listDownScrolling, .listRedraw, .listRedrawLarge,
    .decodeKeys,
]

var samples = 30
var warmup = 3
var only: String?
var arguments = CommandLine.arguments.dropFirst()
func usage() -> Never {
    FileHandle.standardError.write(Data("usage: catalog-microbench [--quick] [--only SUBSTRING] [--samples N] [--warmup N]\n".utf8))
    exit(1)
}
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick": (samples, warmup) = (5, 1)
    case "--only": only = arguments.popFirst() ?? { usage() }()
    case "--samples": samples = arguments.popFirst().flatMap(Int.init) ?? { usage() }()
    case "--warmup": warmup = arguments.popFirst().flatMap(Int.init) ?? { usage() }()
    default: usage()
    }
}
// An exact name selects that benchmark alone ("filter.more", not also
// "filter.more.stored"); anything else selects every name containing it.
let selected = all.contains { $0.name == only } ? all.filter { $0.name == only }
    : all.filter { only.map($0.name.contains) ?? true }
if selected.isEmpty { usage() }

print("## In-process micro benchmarks (catalog-microbench, release)")
print("")
print("\(samples) samples after \(warmup) discarded; a sample of a fast operation times a batch and divides. "
      + "\"App\" rows drive the whole app on a headless screen (`TerminalScreen.headless`), render included "
      + "(`doupdate` into /dev/null); no terminal, no pty.")
print("")
print("| benchmark | what | p50 | p95 | min | n |")
print("| --- | --- | ---: | ---: | ---: | ---: |")
var medians: [String: Double] = [:]
for benchmark in selected {
    FileHandle.standardError.write(Data("microbench: \(benchmark.name)\n".utf8))
    var sampler = Sampler(warmup: warmup, count: samples)
    benchmark.run(&sampler)
    let summary = Summary(sampler.samples)
    medians[benchmark.name] = summary.median
    print("| `\(benchmark.name)` | \(benchmark.what) | \(formatSeconds(summary.median)) | "
          + "\(formatSeconds(summary.p95)) | \(formatSeconds(summary.minimum)) | \(summary.count) |")
}
print("")
// Goal (issues 27 and 38): Down beside the detail within 1.3x of Down in the list alone.
if let split = medians[MicroBenchmark.splitDown.name], let lone = medians[MicroBenchmark.loneListDown.name], lone > 0 {
    let ratio = split / lone
    print("Goal: Down with the detail beside the list within 1.3x of the list alone at 200x60: "
          + (ratio <= 1.3 ? "met" : "not met") + String(format: " (%.2fx: %@ against %@)", ratio,
                                                          formatSeconds(split), formatSeconds(lone)))
    print("")
}
