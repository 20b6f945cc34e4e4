import Foundation
import ShojiPresentation
import Testing
@testable import TopPresenters

@MainActor
struct ProcReaderTests {
    @Test func readsTheSystemCounters() {
        let proc = FakeProc()
        let system = ProcReader(folder: proc.path).readSystem()
        #expect(system.total == .init(busy: 1000, total: 10000))
        #expect(system.cpus.count == 2)
        #expect(system.memoryTotal == 8_000_000 && system.memoryUsed == 2_000_000)
        #expect(system.swapTotal == 2_000_000 && system.swapUsed == 500_000)
        #expect(system.load == [0.52, 0.58, 0.59])
        #expect(system.uptime == 93784.12)
    }

    @Test func readsProcessesWithAwkwardNamesAndKernelThreads() {
        let proc = FakeProc()
        proc.add(pid: 1, parent: 0, name: "init", command: ["/sbin/init"])
        proc.add(pid: 2, parent: 0, name: "kthreadd")
        proc.add(pid: 40, name: "a) (b c", command: ["./a) (b c", "--flag"])
        let reader = ProcReader(folder: proc.path)
        let samples = reader.readProcesses()
        #expect(samples.map(\.pid) == [1, 2, 40])
        #expect(samples[2].name == "a) (b c" && samples[2].parent == 1)
        #expect(reader.commandLine(of: 40) == "./a) (b c --flag")
        #expect(reader.commandLine(of: 2) == nil)
    }

    @Test func aCommandLineThatDrivesTheTerminalIsEscaped() {
        let proc = FakeProc()
        proc.add(pid: 7, name: "evil", command: ["evil\u{1B}[2J\u{7}", "\u{202E}txt.exe"])
        let command = ProcReader(folder: proc.path).commandLine(of: 7) ?? ""
        #expect(command == "evil\\x1b[2J\\x07 \\u{202e}txt.exe")
        #expect(!command.unicodeScalars.contains { ControlCharacters.needsEscape($0) })
    }

    @Test func aKernelThreadsNameIsEscapedToo() {
        let proc = FakeProc()
        proc.add(pid: 5, parent: 2, name: "k\u{1B}[31m")
        let monitor = proc.monitor()
        monitor.refresh()
        #expect(monitor.snapshot.processes.first?.command == "[k\\x1b[31m]")
    }

    @Test func aStatOfManyCPUsIsReadWhole() {
        // 256 CPU lines: far more than the reader's first buffer of 4 KiB.
        let proc = FakeProc()
        proc.setCPUs(total: (busy: 1000, idle: 9000), each: Array(repeating: (busy: 12345678, idle: 87654321), count: 256))
        let system = ProcReader(folder: proc.path).readSystem()
        #expect(system.cpus.count == 256)
        #expect(system.cpus.last == .init(busy: 12345678, total: 99999999))
    }

    @Test func vanishedAndMalformedProcessesAreSkipped() {
        let proc = FakeProc()
        proc.add(pid: 1, parent: 0, name: "init", command: ["/sbin/init"])
        // A folder whose process ended between the listing and the read: no stat.
        try! FileManager.default.createDirectory(atPath: proc.path + "/50", withIntermediateDirectories: true)
        // Malformed stat files: no parentheses, too few fields, a pid that is not its folder's, binary.
        for (pid, text) in [(60, "60 nope S 1\n"), (61, "61 (short) S 1 2 3\n"), (62, "999 (liar) S 1 " + String(repeating: "0 ", count: 30)),
                            (63, "\u{0}\u{1}(\u{FF})")] {
            try! FileManager.default.createDirectory(atPath: proc.path + "/\(pid)", withIntermediateDirectories: true)
            proc.write("\(pid)/stat", text)
        }
        // Files that are not processes.
        proc.write("self", "")
        proc.write("12abc", "")
        let reader = ProcReader(folder: proc.path)
        #expect(reader.readProcesses().map(\.pid) == [1])
        #expect(reader.details(of: 50) == nil)
    }

    @Test func malformedSystemFilesLeaveZeros() {
        let proc = FakeProc()
        proc.write("stat", "cpu  x y z\ncpu0 1 2\ngarbage\n")
        proc.write("meminfo", "MemTotal: lots\n:::\n")
        proc.write("loadavg", "high\n")
        proc.write("uptime", "")
        let system = ProcReader(folder: proc.path).readSystem()
        #expect(system.total.total == 0 && system.cpus.isEmpty)
        #expect(system.memoryTotal == 0 && system.load == [0, 0, 0] && system.uptime == 0)
    }

    @Test func detailsReadStatusThreadsDescriptorsAndEnvironment() throws {
        let proc = FakeProc()
        proc.add(pid: 30, name: "server", threads: 4, command: ["server"], environment: ["A=1", "B=\u{1B}x"], descriptors: 5)
        proc.add(pid: 31, name: "secret", command: ["secret"], environment: nil)
        let reader = ProcReader(folder: proc.path)
        let details = try #require(reader.details(of: 30))
        #expect(details.threads == 4 && details.descriptors == 5)
        #expect(details.environment == ["A=1", "B=\\x1bx"])
        #expect(details.status.first { $0.key == "VmRSS" }?.value == "1024 kB")
        #expect(reader.details(of: 31)?.environment == nil)
    }

    @Test func aLongCommandLineIsCut() {
        let proc = FakeProc()
        proc.add(pid: 8, name: "long", command: [String(repeating: "x", count: 100_000)])
        let command = ProcReader(folder: proc.path).commandLine(of: 8) ?? ""
        #expect(command.count < 600 && command.hasSuffix("bytes)"))
    }
}
