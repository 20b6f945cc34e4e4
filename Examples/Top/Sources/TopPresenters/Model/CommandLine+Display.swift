import ShojiPresentation
/// How a process's command line is shown: the NUL-separated arguments of
/// `/proc/<pid>/cmdline` joined by spaces, every control or bidirectional
/// character escaped (a process names itself; it must not drive the
/// terminal or reorder the line), cut to a bound.
enum CommandLineText {
    /// The most characters a command shows in the table.
    static let tableLimit = 512

    /// The arguments in `bytes` joined by spaces; nil when empty (a kernel
    /// thread, or a zombie).
    static func display(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = tableLimit) -> String? {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0 { end -= 1 }
        guard end > 0 else { return nil }
        var joined = [UInt8]()
        joined.reserveCapacity(min(end, limit * 4))
        for byte in bytes[0..<min(end, limit * 4)] { joined.append(byte == 0 ? 0x20 : byte) }
        let text = String(decoding: joined, as: UTF8.self)
        return ControlCharacters.logged(text, limit: limit)
    }
}
