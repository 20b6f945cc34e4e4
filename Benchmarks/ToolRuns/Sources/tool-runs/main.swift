import ShojiTools
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

// tool-runs N PROGRAM [ARG...]: N runs of PROGRAM through `Tool.run()`, one
// after the other, each timed from the call to its output and exit status
// in hand; prints the median in microseconds and the bytes each run read,
// as Benchmarks/Floor/spawn_floor.c does ("median_us=... bytes=...").
let arguments = CommandLine.arguments
guard arguments.count >= 3, let runs = Int(arguments[1]), runs > 0 else {
    print("usage: tool-runs N PROGRAM [ARG...]")
    exit(64)
}
let tool = Tool(Array(arguments[2...]))
let clock = ContinuousClock()
var times: [Duration] = []
times.reserveCapacity(runs)
var bytes = 0
for _ in 0..<runs {
    let start = clock.now
    do {
        bytes = try await tool.run().standardOutput.count
    } catch {
        print("tool-runs: \(error)")
        exit(1)
    }
    times.append(clock.now - start)
}
times.sort()
let median = times[runs / 2].components
let microseconds = Double(median.seconds) * 1e6 + Double(median.attoseconds) / 1e12
print("median_us=\((microseconds * 10).rounded() / 10) bytes=\(bytes)")
