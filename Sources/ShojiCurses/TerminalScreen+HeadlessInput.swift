#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Input for headless screens: what tests and fuzzers type, written into the
/// pipe the screen reads its keys from.
extension TerminalScreen {
    /// Headless only: bytes as if typed on the terminal.
    public func feed(_ bytes: String) {
        precondition(isHeadless, "feed(_:) is for headless screens")
        let data = Array(bytes.utf8)
        data.withUnsafeBytes { _ = write(headlessInput, $0.baseAddress, $0.count) }
    }

    /// Headless only: raw bytes as if typed, invalid UTF-8 included (the
    /// key-decoding fuzz target feeds arbitrary bytes; `feed(_:)` takes text).
    /// At most a pipe's worth (64 KiB) at a time: the rest is dropped.
    public func feed(bytes: some Collection<UInt8>) {
        precondition(isHeadless, "feed(bytes:) is for headless screens")
        Array(bytes).withUnsafeBytes { _ = write(headlessInput, $0.baseAddress, $0.count) }
    }
}
