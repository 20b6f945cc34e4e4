/// A 1-based line and column in a text, with the byte offset it came from.
/// Columns count Unicode scalars, not bytes, so they match what an editor shows
/// for ordinary text.
package struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    package let line: Int
    package let column: Int
    package let byteOffset: Int

    package init(line: Int, column: Int, byteOffset: Int) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// Computes the position of `offset` in `bytes` with one pass over the
    /// bytes before it; only done once, when an error is reported.
    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        for index in 0..<end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(line: line, column: column, byteOffset: end)
    }

    package var description: String { "line \(line), column \(column)" }
}
