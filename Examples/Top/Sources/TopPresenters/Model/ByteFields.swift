/// Parsing numbers out of `/proc` bytes without making strings: the fields
/// of a line separated by spaces, each read as an unsigned integer.
enum ByteFields {
    /// The unsigned integers of `bytes` separated by spaces or tabs, in
    /// order; a field that is not a number ends the list (malformed text
    /// yields fewer fields, never a crash).
    static func integers(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> [UInt64] {
        var result: [UInt64] = []
        result.reserveCapacity(16)
        var value: UInt64 = 0
        var inNumber = false
        var negative = false
        for byte in bytes {
            if byte >= 0x30 && byte <= 0x39 {
                let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowSum) = times.addingReportingOverflow(UInt64(byte - 0x30))
                guard !overflowTimes, !overflowSum else { return result }
                value = sum
                inNumber = true
            } else if byte == 0x20 || byte == 0x09 {
                if inNumber { result.append(negative ? 0 : value) }
                value = 0
                inNumber = false
                negative = false
            } else if byte == 0x2D, !inNumber {
                // A negative field (a priority): kept as 0, so positions hold.
                inNumber = true
                negative = true
            } else {
                return result
            }
        }
        if inNumber { result.append(negative ? 0 : value) }
        return result
    }

    /// The lines of `bytes`, without their newline.
    static func lines(_ bytes: UnsafeBufferPointer<UInt8>) -> [UnsafeBufferPointer<UInt8>.SubSequence] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
    }

    /// Whether `line` starts with the ASCII `prefix`.
    static func hasPrefix(_ line: UnsafeBufferPointer<UInt8>.SubSequence, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard line.count >= count else { return false }
        return prefix.withUTF8Buffer { expected in
            var index = line.startIndex
            for byte in expected {
                if line[index] != byte { return false }
                index += 1
            }
            return true
        }
    }

    /// A decimal number made of `text` alone ("0.25", "1234"); nil otherwise.
    static func decimal(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        return Double(text)
    }
}
