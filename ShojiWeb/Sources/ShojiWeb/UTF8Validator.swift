import NIOCore

/// Checks UTF-8 as it arrives, a fragment at a time (a character may be
/// cut between two WebSocket frames): rejects overlong forms, surrogates,
/// code points above U+10FFFF and stray continuation bytes, as RFC 3629
/// defines them. RFC 6455 closes a connection on a text message that is
/// not valid UTF-8 (1007).
struct UTF8Validator {
    private var remaining = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    private(set) var isValid = true

    /// True when the bytes so far end on a whole character (and are valid).
    var isComplete: Bool { isValid && remaining == 0 }

    /// Checks the next bytes; false once anything so far is invalid.
    @discardableResult
    mutating func feed(_ bytes: ByteBuffer) -> Bool {
        guard isValid else { return false }
        for byte in bytes.readableBytesView where !accept(byte) {
            isValid = false
            return false
        }
        return true
    }

    private mutating func accept(_ byte: UInt8) -> Bool {
        if remaining > 0 {
            guard byte >= lower, byte <= upper else { return false }
            remaining -= 1
            lower = 0x80
            upper = 0xBF
            return true
        }
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: remaining = 1
        case 0xE0: remaining = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
        case 0xED: remaining = 2; upper = 0x9F
        case 0xF0: remaining = 3; lower = 0x90
        case 0xF1...0xF3: remaining = 3
        case 0xF4: remaining = 3; upper = 0x8F
        default: return false
        }
        return true
    }
}
