import ShojiPresentation
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// One process as `/proc/<pid>/stat` and the folder's owner describe it at
/// one reading: counters, not rates (``ProcessRow`` has the rates).
package struct ProcessSample: Sendable, Equatable {
    package var pid: Int32
    package var parent: Int32
    /// The session it belongs to (`getsid`): a served `top`'s own is the
    /// one its server started it in.
    package var session: Int32 = 0
    /// The short name the kernel keeps (`comm`), control characters escaped.
    package var name: String
    /// `R`, `S`, `D`, `Z`, `T`, `I`...
    package var state: Character
    /// User and system time, in clock ticks.
    package var ticks: UInt64
    package var threads: Int
    /// When it started, in clock ticks after boot: with the pid, its identity.
    package var startTicks: UInt64
    /// Resident pages.
    package var residentPages: UInt64
    package var uid: UInt32

    package init(pid: Int32, parent: Int32, name: String, state: Character, ticks: UInt64, threads: Int,
                 startTicks: UInt64, residentPages: UInt64, uid: UInt32) {
        self.pid = pid
        self.parent = parent
        self.name = name
        self.state = state
        self.ticks = ticks
        self.threads = threads
        self.startTicks = startTicks
        self.residentPages = residentPages
        self.uid = uid
    }
}

extension ProcessSample {
    /// Parses the bytes of `/proc/<pid>/stat`: `pid (comm) state ppid ...`,
    /// where `comm` may hold spaces and parentheses (the last `)` ends it).
    /// Nil when the line is malformed.
    static func parse(stat bytes: UnsafeBufferPointer<UInt8>, uid: UInt32) -> ProcessSample? {
        guard let open = bytes.firstIndex(of: 0x28), let close = bytes.lastIndex(of: 0x29), open < close else { return nil }
        let pidFields = ByteFields.integers(bytes[..<open].dropLast(while: { $0 == 0x20 }))
        guard let pid = pidFields.first, pid <= UInt64(Int32.max), close + 4 <= bytes.count else { return nil }
        let state = bytes[close + 2]
        guard state >= 0x41 && state <= 0x7A else { return nil }
        // Fields from ppid on (field 4 of proc(5)): index 0 is ppid.
        let rest = ByteFields.integers(bytes[(close + 4)...].dropLast(while: { $0 == 0x0A }))
        // ppid(4) pgrp(5) session(6) ... utime(14) stime(15) ... num_threads(20) ... starttime(22) vsize(23) rss(24)
        guard rest.count >= 21 else { return nil }
        let name = ControlCharacters.escaped(String(decoding: bytes[(open + 1)..<close], as: UTF8.self))
        var sample = ProcessSample(pid: Int32(pid), parent: Int32(clamping: rest[0]), name: name,
                                   state: Character(Unicode.Scalar(state)), ticks: rest[10] &+ rest[11],
                                   threads: Int(clamping: rest[16]), startTicks: rest[18], residentPages: rest[20], uid: uid)
        sample.session = Int32(clamping: rest[2])
        return sample
    }
}

extension UnsafeBufferPointer<UInt8>.SubSequence {
    /// Without the trailing elements `predicate` accepts.
    func dropLast(while predicate: (UInt8) -> Bool) -> Self {
        var end = endIndex
        while end > startIndex, predicate(self[end - 1]) { end -= 1 }
        return self[startIndex..<end]
    }
}
