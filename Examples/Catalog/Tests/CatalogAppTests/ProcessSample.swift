import Foundation

/// What this process holds now, read from /proc/self: resident memory, open
/// descriptors, threads. The key fuzzer prints one every
/// CATALOG_SOAK_SAMPLE_EVERY keys for `make soak`, which checks that they
/// stay flat after warm-up.
struct ProcessSample {
    let residentKiB: Int
    let descriptors: Int
    let threads: Int

    static func now() -> ProcessSample {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
            return line.flatMap { Int($0.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") } ?? -1
        }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        return ProcessSample(residentKiB: field("VmRSS"), descriptors: descriptors, threads: field("Threads"))
    }

    /// Prints the line `make soak` parses (Benchmarks/soak_app.py), flushed at
    /// once. It carries the time (seconds since boot), since `swift test` may
    /// hold the lines back until the test ends.
    func report(keys: Int) {
        let uptime = String(format: "%.1f", ProcessInfo.processInfo.systemUptime)
        print("soak-sample keys=\(keys) rss_kib=\(residentKiB) fds=\(descriptors) threads=\(threads) uptime=\(uptime)")
        fflush(nil)  // every stream: Swift 6 rejects the C global `stdout`
    }
}
