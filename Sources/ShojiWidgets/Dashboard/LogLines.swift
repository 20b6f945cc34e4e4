#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// The lines of a log held compactly: every line's UTF-8 bytes one after
/// another in one buffer, and where each starts. A million lines are two
/// allocations, not a million strings; a line becomes a `String` only when
/// it is drawn or searched.
///
/// The buffers grow by a quarter at a time (not double), so what is held
/// stays close to the text itself: about the text plus eight bytes a line.
/// Dropping the oldest lines (a cap) moves a start index, and the buffers
/// are compacted once half of them is dropped.
struct LogLines {
    private var bytes: [UInt8] = []
    /// Where each line starts in `bytes`; the lines kept begin at `first`.
    private var starts: [Int] = []
    private var first = 0

    /// How many lines are kept.
    var count: Int { starts.count - first }

    /// The bytes the buffers hold, their spare room included.
    var heldBytes: Int { bytes.capacity + starts.capacity * MemoryLayout<Int>.stride }

    /// The bytes of the text kept (no line breaks).
    var textBytes: Int { bytes.count - (first < starts.count ? starts[first] : bytes.count) }

    /// Appends `text` as one or more lines, split at each `\n` (a `\r`
    /// before it is dropped, and a break at the end starts no empty line);
    /// returns how many lines were added.
    @discardableResult
    mutating func append(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else {
                appendLine(UnsafeBufferPointer(start: nil, count: 0))
                return 1
            }
            var start = 0
            var added = 0
            while true {
                let rest = buffer.count - start
                let found = rest > 0 ? memchr(base + start, 0x0A, rest) : nil
                let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? buffer.count
                var lineEnd = end
                if found != nil, lineEnd > start, base[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                appendLine(UnsafeBufferPointer(start: base + start, count: lineEnd - start))
                added += 1
                // A break at the very end ends the last line; it starts none.
                guard found != nil, end + 1 < buffer.count else { return added }
                start = end + 1
            }
        }
    }

    private mutating func appendLine(_ line: UnsafeBufferPointer<UInt8>) {
        Self.reserve(&bytes, room: line.count)
        Self.reserve(&starts, room: 1)
        starts.append(bytes.count)
        bytes.append(contentsOf: line)
    }

    /// Grows `array` by a quarter (at least by `room`) when it is full.
    private static func reserve<Element>(_ array: inout [Element], room: Int) {
        let needed = array.count + room
        guard needed > array.capacity else { return }
        array.reserveCapacity(max(needed, array.capacity + array.capacity / 4, 256))
    }

    /// The bytes of line `index` (0 is the oldest kept).
    func withBytes<Result>(ofLine index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let position = first + index
        let start = starts[position]
        let end = position + 1 < starts.count ? starts[position + 1] : bytes.count
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Line `index` as text (bytes that are not UTF-8 shown as `�`).
    func line(_ index: Int) -> String {
        withBytes(ofLine: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Forgets the newest line, if any (a text view's last line, still
    /// growing while a tool writes it).
    mutating func removeLast() {
        guard count > 0, let start = starts.popLast() else { return }
        bytes.removeSubrange(start...)
    }

    /// Forgets the `n` oldest lines.
    mutating func dropFirst(_ n: Int) {
        first += min(max(0, n), count)
        guard first > 0, first * 2 >= starts.count else { return }
        // Half of what is held is dropped: move the rest to the front.
        let base = first < starts.count ? starts[first] : bytes.count
        bytes.removeFirst(base)
        starts.removeFirst(first)
        for index in starts.indices { starts[index] -= base }
        first = 0
    }
}
