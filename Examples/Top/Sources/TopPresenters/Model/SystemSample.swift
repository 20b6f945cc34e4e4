/// One reading of the system-wide files of `/proc`: counters as the kernel
/// keeps them (usage needs two samples; see ``SystemSummary``).
package struct SystemSample: Sendable, Equatable {
    /// Jiffies of one CPU line of `/proc/stat`: busy and all.
    package struct CPUTicks: Sendable, Equatable {
        package var busy: UInt64
        package var total: UInt64
        package init(busy: UInt64, total: UInt64) {
            self.busy = busy
            self.total = total
        }
    }

    /// The `cpu` line: every CPU together.
    package var total = CPUTicks(busy: 0, total: 0)
    /// The `cpuN` lines, in order.
    package var cpus: [CPUTicks] = []
    /// From `/proc/meminfo`, in KiB.
    package var memoryTotal: UInt64 = 0
    package var memoryAvailable: UInt64 = 0
    package var swapTotal: UInt64 = 0
    package var swapFree: UInt64 = 0
    /// The 1, 5 and 15 minute load averages.
    package var load: [Double] = [0, 0, 0]
    /// Seconds since boot.
    package var uptime: Double = 0

    package init() {}

    /// Memory in use (total less available), KiB.
    package var memoryUsed: UInt64 { memoryTotal >= memoryAvailable ? memoryTotal - memoryAvailable : 0 }
    /// Swap in use, KiB.
    package var swapUsed: UInt64 { swapTotal >= swapFree ? swapTotal - swapFree : 0 }
}

extension SystemSample {
    /// Reads `stat`, `meminfo`, `loadavg` and `uptime` under `folder`; a
    /// missing file or a malformed line leaves its values at zero.
    package static func read(folder: String, reader: ProcFileReader) -> SystemSample {
        var sample = SystemSample()
        _ = reader.withBytes(of: folder + "/stat") { bytes in
            for line in ByteFields.lines(bytes) {
                guard ByteFields.hasPrefix(line, "cpu") else { continue }
                guard let space = line.firstIndex(of: 0x20) else { continue }
                let numbers = ByteFields.integers(line[(space + 1)...])
                // user nice system idle iowait irq softirq steal (guest is in user already).
                guard numbers.count >= 4 else { continue }
                let counted = numbers.prefix(8)
                let idle = numbers[3] + (numbers.count > 4 ? numbers[4] : 0)
                let total = counted.reduce(0, &+)
                let ticks = CPUTicks(busy: total >= idle ? total - idle : 0, total: total)
                if space == line.startIndex + 3 { sample.total = ticks } else { sample.cpus.append(ticks) }
            }
        }
        _ = reader.withBytes(of: folder + "/meminfo") { bytes in
            for line in ByteFields.lines(bytes) {
                guard let colon = line.firstIndex(of: 0x3A) else { continue }
                let value = ByteFields.integers(line[(colon + 1)...].drop { $0 == 0x20 }).first ?? 0
                if ByteFields.hasPrefix(line, "MemTotal:") { sample.memoryTotal = value }
                else if ByteFields.hasPrefix(line, "MemAvailable:") { sample.memoryAvailable = value }
                else if ByteFields.hasPrefix(line, "SwapTotal:") { sample.swapTotal = value }
                else if ByteFields.hasPrefix(line, "SwapFree:") { sample.swapFree = value }
            }
        }
        if let text = reader.text(of: folder + "/loadavg", cap: 256) {
            let fields = text.split(separator: " ").prefix(3).compactMap { ByteFields.decimal($0) }
            if fields.count == 3 { sample.load = fields }
        }
        if let text = reader.text(of: folder + "/uptime", cap: 256),
           let first = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first {
            sample.uptime = ByteFields.decimal(first) ?? 0
        }
        return sample
    }
}
