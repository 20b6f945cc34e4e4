#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Observation

/// The model of the monitor: reads `/proc` on each `refresh()` and turns
/// two readings into usage. Observable: the screens follow `snapshot` and
/// `isPaused`, whoever refreshed or paused.
@MainActor @Observable
package final class ProcessMonitor {
    /// The last refresh.
    package private(set) var snapshot = MonitorSnapshot()
    /// While paused, `refresh()` reads nothing (space in the table).
    package var isPaused = false
    /// The total CPU usage of the last refreshes, oldest first (at most
    /// `historyLimit`): the header's graph.
    package private(set) var history: [Double] = []
    package static let historyLimit = 240

    @ObservationIgnored private let reader: ProcReader
    @ObservationIgnored private let users: UserNames
    @ObservationIgnored private let ticksPerSecond: Double
    @ObservationIgnored private let pageKiB: UInt64
    @ObservationIgnored private var lastSystem: SystemSample?
    /// Each process's ticks at the last refresh, by pid and start time.
    @ObservationIgnored private var lastTicks: [Int32: (start: UInt64, ticks: UInt64)] = [:]
    /// Command lines, read once per process (pid and start time).
    @ObservationIgnored private var commands: [Int32: (start: UInt64, command: String)] = [:]

    /// A monitor of `folder`, showing what `privacy` allows of environments
    /// and arguments; `ticksPerSecond` and `pageSize` default to the
    /// system's (tests fix them).
    package init(folder: String = "/proc", privacy: ProcessPrivacy = .everything, users: UserNames = UserNames(),
                 ticksPerSecond: Int = sysconf(Int32(_SC_CLK_TCK)), pageSize: Int = sysconf(Int32(_SC_PAGESIZE))) {
        reader = ProcReader(folder: folder, privacy: privacy)
        self.users = users
        self.ticksPerSecond = Double(max(1, ticksPerSecond))
        pageKiB = UInt64(max(1024, pageSize) / 1024)
    }

    /// The folder read.
    package var folder: String { reader.folder }

    /// What the detail shows of `pid`, read now; nil when it is gone.
    package func details(of pid: Int32) -> ProcessDetails? { reader.details(of: pid) }

    /// Reads `/proc` again (nothing while paused).
    package func refresh() {
        guard !isPaused else { return }
        let system = reader.readSystem()
        let samples = reader.readProcesses()
        var next = MonitorSnapshot()
        next.generation = snapshot.generation + 1
        next.summary = summary(system, previous: lastSystem, processes: samples)
        // One CPU's ticks between the samples: what 100% of a CPU is.
        let period: Double = {
            guard let lastSystem, system.total.total > lastSystem.total.total else { return 0 }
            let cpus = Double(max(1, system.cpus.count))
            return Double(system.total.total - lastSystem.total.total) / cpus
        }()
        var seen: [Int32: (start: UInt64, ticks: UInt64)] = [:]
        seen.reserveCapacity(samples.count)
        next.processes.reserveCapacity(samples.count)
        let memoryKiB = Double(max(1, system.memoryTotal))
        for sample in samples {
            var cpu = 0.0
            if period > 0, let last = lastTicks[sample.pid], last.start == sample.startTicks, sample.ticks >= last.ticks {
                cpu = Double(sample.ticks - last.ticks) / period * 100
            }
            seen[sample.pid] = (sample.startTicks, sample.ticks)
            let resident = sample.residentPages &* pageKiB
            next.processes.append(ProcessRow(pid: sample.pid, parent: sample.parent, user: users.name(of: sample.uid),
                                             cpu: cpu, memory: Double(resident) / memoryKiB * 100,
                                             residentKiB: resident, state: sample.state, ticks: sample.ticks,
                                             command: command(of: sample), threads: sample.threads,
                                             name: sample.name))
        }
        // Forget the command lines of processes gone.
        if commands.count > seen.count * 2 { commands = commands.filter { seen[$0.key] != nil } }
        lastTicks = seen
        lastSystem = system
        history.append(next.summary.total)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        snapshot = next
    }

    /// Clock ticks as seconds.
    package func seconds(ofTicks ticks: UInt64) -> Double { Double(ticks) / ticksPerSecond }

    private func command(of sample: ProcessSample) -> String {
        if let known = commands[sample.pid], known.start == sample.startTicks { return known.command }
        let command = reader.command(of: sample)
        commands[sample.pid] = (sample.startTicks, command)
        return command
    }

    private func summary(_ system: SystemSample, previous: SystemSample?, processes: [ProcessSample]) -> SystemSummary {
        var summary = SystemSummary()
        func usage(_ now: SystemSample.CPUTicks, _ before: SystemSample.CPUTicks?) -> Double {
            guard let before, now.total > before.total, now.busy >= before.busy else { return 0 }
            return min(100, Double(now.busy - before.busy) / Double(now.total - before.total) * 100)
        }
        summary.total = usage(system.total, previous?.total)
        summary.cpus = system.cpus.enumerated().map { index, ticks in
            usage(ticks, previous.flatMap { index < $0.cpus.count ? $0.cpus[index] : nil })
        }
        summary.memoryTotalKiB = system.memoryTotal
        summary.memoryUsedKiB = system.memoryUsed
        summary.swapTotalKiB = system.swapTotal
        summary.swapUsedKiB = system.swapUsed
        summary.load = system.load
        summary.uptime = system.uptime
        summary.tasks = processes.count
        summary.running = processes.reduce(0) { $0 + ($1.state == "R" ? 1 : 0) }
        return summary
    }
}
