#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Reads processes and system counters from a `/proc` folder: the real
/// one, or a folder a test builds with the same files. A process that ends
/// while it is read is left out; a malformed file is skipped, never trusted.
package final class ProcReader {
    /// The folder read (`/proc`).
    package let folder: String
    /// What is shown of environments and arguments.
    package let privacy: ProcessPrivacy
    private let reader = ProcFileReader()
    /// Names in the folder are read into this, kept across listings.
    private var pids: [Int32] = []

    /// A reader of `folder`, showing what `privacy` allows.
    package init(folder: String = "/proc", privacy: ProcessPrivacy = .everything) {
        self.folder = folder
        self.privacy = privacy
    }

    /// Whether `folder` looks like a proc file system (has a `stat` file).
    package var isReadable: Bool { access(folder + "/stat", R_OK) == 0 }

    /// The system-wide counters.
    package func readSystem() -> SystemSample { SystemSample.read(folder: folder, reader: reader) }

    /// Every process readable now, by pid.
    package func readProcesses() -> [ProcessSample] {
        listPIDs()
        var samples: [ProcessSample] = []
        samples.reserveCapacity(pids.count)
        var info = stat()
        for pid in pids {
            let path = folder + "/" + String(pid)
            // The folder's owner is the process's real user, as ps reads it.
            guard stat(path, &info) == 0 else { continue }
            let uid = info.st_uid
            guard let sample = reader.withBytes(of: path + "/stat", cap: 4096, { ProcessSample.parse(stat: $0, uid: uid) }),
                  let parsed = sample, parsed.pid == pid
            else { continue }
            samples.append(parsed)
        }
        return samples
    }

    /// The command line of `pid` for the table (cut to a bound), nil for a
    /// kernel thread (empty) or a process gone.
    package func commandLine(of pid: Int32, limit: Int = CommandLineText.tableLimit) -> String? {
        reader.withBytes(of: folder + "/\(pid)/cmdline", cap: limit * 4) { CommandLineText.display($0, limit: limit) } ?? nil
    }

    /// The command line the table shows of `sample`: whole when `privacy`
    /// shows its arguments, else the program name; `[name]` for a kernel
    /// thread.
    package func command(of sample: ProcessSample) -> String {
        if privacy.showsArguments(ofSession: sample.session) {
            return commandLine(of: sample.pid) ?? "[\(sample.name)]"
        }
        return hasCommandLine(sample.pid) ? sample.name : "[\(sample.name)]"
    }

    /// What the detail shows of `pid`; nil when it is gone.
    package func details(of pid: Int32) -> ProcessDetails? {
        let base = folder + "/\(pid)"
        guard let status = reader.text(of: base + "/status", cap: 16 * 1024),
              let sample = reader.withBytes(of: base + "/stat", cap: 4096, { ProcessSample.parse(stat: $0, uid: 0) }) ?? nil,
              sample.pid == pid
        else { return nil }
        var details = ProcessDetails(pid: pid)
        if privacy.showsArguments(ofSession: sample.session) {
            details.commandLine = commandLine(of: pid, limit: ProcessDetails.commandLimit)
        } else if hasCommandLine(pid) {
            details.commandLine = sample.name
            details.argumentsHidden = true
        }
        details.status = ProcessDetails.fields(ofStatus: status)
        details.threads = count(entriesOf: base + "/task")
        details.descriptors = count(entriesOf: base + "/fd")
        if privacy.showsEnvironment, !isProtected(pid, parent: sample.parent) {
            details.environment = reader.withBytes(of: base + "/environ", cap: ProcessDetails.environmentLimit) {
                ProcessDetails.variables($0)
            }
        } else {
            details.environmentHidden = true
        }
        return details
    }

    /// Whether `pid`, a child of `parent`, is one of `privacy.protected` or
    /// runs under one (its parents read from their `stat`, at most 64 up;
    /// deeper counts as protected).
    private func isProtected(_ pid: Int32, parent: Int32) -> Bool {
        guard !privacy.protected.isEmpty else { return false }
        var (pid, parent) = (pid, parent)
        for _ in 0..<64 {
            if privacy.protected.contains(pid) || privacy.protected.contains(parent) { return true }
            guard parent > 1,
                  let sample = reader.withBytes(of: folder + "/\(parent)/stat", cap: 4096, { ProcessSample.parse(stat: $0, uid: 0) }) ?? nil
            else { return false }
            (pid, parent) = (parent, sample.parent)
        }
        return true
    }

    /// Whether `pid` has a command line (not a kernel thread, not a
    /// zombie), read no further than its first byte.
    private func hasCommandLine(_ pid: Int32) -> Bool {
        reader.withBytes(of: folder + "/\(pid)/cmdline", cap: 1) { !$0.isEmpty } ?? false
    }

    /// The entries of a folder, without `.` and `..`; nil when unreadable.
    private func count(entriesOf path: String) -> Int? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0))
            }
            if !isDot { count += 1 }
        }
        return count
    }

    /// The numeric names in the folder, into `pids`, ascending.
    private func listPIDs() {
        pids.removeAll(keepingCapacity: true)
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let pid = withUnsafeBytes(of: entry.pointee.d_name) { name -> Int32? in
                var value: Int32 = 0
                var index = 0
                while index < name.count, name[index] != 0 {
                    let byte = name[index]
                    guard byte >= 0x30 && byte <= 0x39, value < Int32.max / 10 - 1 else { return nil }
                    value = value * 10 + Int32(byte - 0x30)
                    index += 1
                }
                return index == 0 ? nil : value
            }
            if let pid { pids.append(pid) }
        }
        pids.sort()
    }
}
