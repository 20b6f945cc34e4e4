import ShojiPresentation
/// What the detail shows of one process, read when it is selected.
package struct ProcessDetails: Sendable, Equatable {
    /// The most characters of a command line the detail shows.
    static let commandLimit = 4096
    /// The most bytes of an environment read.
    static let environmentLimit = 64 * 1024
    /// The lines of `/proc/<pid>/status` the detail shows, in this order.
    static let statusKeys = ["Name", "State", "PPid", "Uid", "Threads", "VmRSS", "VmSize", "VmSwap",
                             "voluntary_ctxt_switches", "nonvoluntary_ctxt_switches"]

    package var pid: Int32
    /// Nil for a kernel thread (no command line).
    package var commandLine: String?
    /// Whether ``commandLine`` is the program name alone, its arguments
    /// hidden (``ProcessPrivacy``).
    package var argumentsHidden = false
    /// Chosen lines of `status`, key and value, escaped.
    package var status: [(key: String, value: String)] = []
    /// Entries of `task/`; nil when unreadable.
    package var threads: Int?
    /// Entries of `fd/`; nil when not readable (another user's process).
    package var descriptors: Int?
    /// `NAME=value` lines, escaped; nil when not readable or hidden.
    package var environment: [String]?
    /// Whether the environment was not read because ``ProcessPrivacy``
    /// hides it.
    package var environmentHidden = false

    package init(pid: Int32) { self.pid = pid }

    package static func == (a: ProcessDetails, b: ProcessDetails) -> Bool {
        a.pid == b.pid && a.commandLine == b.commandLine && a.argumentsHidden == b.argumentsHidden
            && a.environmentHidden == b.environmentHidden && a.threads == b.threads && a.descriptors == b.descriptors
            && a.environment == b.environment && a.status.map(\.key) == b.status.map(\.key)
            && a.status.map(\.value) == b.status.map(\.value)
    }

    /// The lines of `status` named in `statusKeys`, in that order; lines
    /// without a colon are skipped.
    static func fields(ofStatus text: String) -> [(key: String, value: String)] {
        var found: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon])
            guard statusKeys.contains(key) else { continue }
            let value = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" })
                .joined(separator: " ")
            found[key] = ControlCharacters.logged(value, limit: 200)
        }
        return statusKeys.compactMap { key in found[key].map { (key, $0) } }
    }

    /// The NUL-separated variables of `environ`, each escaped and cut.
    static func variables(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        bytes.split(separator: 0).map { ControlCharacters.logged(String(decoding: $0, as: UTF8.self), limit: 300) }
    }
}
