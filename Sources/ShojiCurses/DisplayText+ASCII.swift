extension DisplayText {
    /// Whether every byte of `text` is printable ASCII (a column a byte),
    /// and, when `allowingTabsAndNewlines`, tabs and newlines too: the test
    /// in front of the fast paths of wrapping, padding and truncating.
    ///
    /// A loop over the contiguous bytes rather than `utf8.allSatisfy { ... }`:
    /// a closure written in main-actor code checks that it runs on the main
    /// actor each time it is called, so that test cost an executor check per
    /// byte, a tenth of a Down beside a split's preview (callgrind). And a
    /// `String`, not any `StringProtocol`: a generic function called from
    /// another module steps through the bytes by protocol witness, slower still.
    nonisolated public static func isPrintableASCII(_ text: String, allowingTabsAndNewlines: Bool = false) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte > 0x7E {
                guard allowingTabsAndNewlines, byte == 0x09 || byte == 0x0A else { return false }
            }
            return true
        }
    }
}
