/// One process as the table shows it: counters of one sample turned into
/// rates against the one before.
package struct ProcessRow: Sendable, Equatable, Identifiable {
    package var pid: Int32
    package var parent: Int32
    /// The owner's name (or uid when it has none).
    package var user: String
    /// Share of one CPU since the last sample (over 100 for several threads).
    package var cpu: Double
    /// Share of physical memory.
    package var memory: Double
    /// Resident set, KiB.
    package var residentKiB: UInt64
    package var state: Character
    /// User and system time so far, in clock ticks.
    package var ticks: UInt64
    /// The command line, or `[name]` for a kernel thread.
    package var command: String
    package var threads: Int
    /// The kernel's short name (`comm`).
    package var name: String

    package var id: Int32 { pid }

    package init(pid: Int32, parent: Int32, user: String, cpu: Double, memory: Double, residentKiB: UInt64,
                 state: Character, ticks: UInt64, command: String, threads: Int, name: String = "") {
        self.pid = pid
        self.parent = parent
        self.user = user
        self.cpu = cpu
        self.memory = memory
        self.residentKiB = residentKiB
        self.state = state
        self.ticks = ticks
        self.command = command
        self.threads = threads
        self.name = name
    }
}

/// The system as the header shows it: usage between two samples.
package struct SystemSummary: Sendable, Equatable {
    /// Each CPU's busy share, 0...100.
    package var cpus: [Double] = []
    /// All CPUs together, 0...100.
    package var total: Double = 0
    package var memoryUsedKiB: UInt64 = 0
    package var memoryTotalKiB: UInt64 = 0
    package var swapUsedKiB: UInt64 = 0
    package var swapTotalKiB: UInt64 = 0
    package var load: [Double] = [0, 0, 0]
    package var uptime: Double = 0
    package var tasks = 0
    package var running = 0

    package init() {}
}

/// One refresh: the system and its processes.
package struct MonitorSnapshot: Sendable, Equatable {
    package var summary = SystemSummary()
    /// By pid, ascending.
    package var processes: [ProcessRow] = []
    /// How many refreshes made it (0: none yet).
    package var generation = 0

    package init() {}
}
