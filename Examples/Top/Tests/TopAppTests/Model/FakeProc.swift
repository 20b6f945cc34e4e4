import Foundation
@testable import TopPresenters

/// A `/proc` folder made for one test, removed at the end: `stat`,
/// `meminfo`, `loadavg`, `uptime`, and a folder per process with `stat`,
/// `status`, `cmdline`, `environ`, `fd/` and `task/`.
final class FakeProc {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("top-proc-\(UUID().uuidString.prefix(8))").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        setCPUs(total: (busy: 1000, idle: 9000), each: [(busy: 400, idle: 4600), (busy: 600, idle: 4400)])
        write("meminfo", """
            MemTotal:        8000000 kB
            MemFree:         1000000 kB
            MemAvailable:    6000000 kB
            SwapTotal:       2000000 kB
            SwapFree:        1500000 kB

            """)
        write("loadavg", "0.52 0.58 0.59 2/345 12345\n")
        write("uptime", "93784.12 180000.00\n")
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `/proc/stat` with the `cpu` line and one line per CPU (busy in `user`, idle in `idle`).
    func setCPUs(total: (busy: UInt64, idle: UInt64), each: [(busy: UInt64, idle: UInt64)]) {
        var text = "cpu  \(total.busy) 0 0 \(total.idle) 0 0 0 0 0 0\n"
        for (index, cpu) in each.enumerated() { text += "cpu\(index) \(cpu.busy) 0 0 \(cpu.idle) 0 0 0 0 0 0\n" }
        text += "intr 1 2 3\nctxt 4\nbtime 1700000000\nprocs_running 2\n"
        write("stat", text)
    }

    /// A process; `command` nil is a kernel thread (empty cmdline), `environment` nil is unreadable.
    func add(pid: Int32, parent: Int32 = 1, name: String, state: Character = "S", ticks: UInt64 = 0,
             residentPages: UInt64 = 256, threads: Int = 1, start: UInt64 = 100, command: [String]? = nil,
             environment: [String]? = ["HOME=/root"], descriptors: Int = 3, session: Int32? = nil) {
        let folder = "\(pid)"
        try! FileManager.default.createDirectory(atPath: path + "/\(folder)/fd", withIntermediateDirectories: true)
        try! FileManager.default.createDirectory(atPath: path + "/\(folder)/task", withIntermediateDirectories: true)
        for index in 0..<descriptors { write("\(folder)/fd/\(index)", "") }
        for index in 0..<threads { write("\(folder)/task/\(Int(pid) + index)", "") }
        setTicks(pid: pid, parent: parent, name: name, state: state, ticks: ticks, residentPages: residentPages,
                 threads: threads, start: start, session: session)
        write("\(folder)/status", "Name:\t\(name)\nState:\t\(state) (sleeping)\nPPid:\t\(parent)\nUid:\t0\t0\t0\t0\n"
            + "Threads:\t\(threads)\nVmRSS:\t    \(residentPages * 4) kB\nvoluntary_ctxt_switches:\t7\n")
        writeBytes("\(folder)/cmdline", command.map { Array($0.joined(separator: "\0").utf8) + [0] } ?? [])
        if let environment { writeBytes("\(folder)/environ", Array(environment.joined(separator: "\0").utf8) + [0]) }
    }

    /// Rewrites a process's `stat` (its ticks move between refreshes);
    /// `session` nil is a session of its own.
    func setTicks(pid: Int32, parent: Int32 = 1, name: String, state: Character = "S", ticks: UInt64,
                  residentPages: UInt64 = 256, threads: Int = 1, start: UInt64 = 100, session: Int32? = nil) {
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
        // utime stime cutime cstime priority nice threads itreal starttime vsize rss ...
        write("\(pid)/stat", "\(pid) (\(name)) \(state) \(parent) \(pid) \(session ?? pid) 0 -1 4194560 100 0 0 0 "
            + "\(ticks) 0 0 0 20 0 \(threads) 0 \(start) 12345678 \(residentPages) 18446744073709551615 1 1 0 0 0\n")
    }

    func remove(pid: Int32) { try? FileManager.default.removeItem(atPath: path + "/\(pid)") }

    func write(_ relative: String, _ text: String) { writeBytes(relative, Array(text.utf8)) }

    func writeBytes(_ relative: String, _ bytes: [UInt8]) {
        _ = FileManager.default.createFile(atPath: path + "/" + relative, contents: Data(bytes))
    }

    /// A monitor of this folder showing what `privacy` allows, with fixed
    /// ticks (100 a second), pages (4 KiB) and user names.
    @MainActor
    func monitor(privacy: ProcessPrivacy = .everything) -> ProcessMonitor {
        ProcessMonitor(folder: path, privacy: privacy, users: UserNames { _ in "alice" }, ticksPerSecond: 100, pageSize: 4096)
    }
}
