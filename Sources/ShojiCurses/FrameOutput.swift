#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import CShojiCurses

/// Sends each rendered frame to the terminal in one write.
///
/// ncurses flushes its output buffer, sized for the screen at start-up,
/// whenever it fills and on every cursor change, so one frame could leave in
/// several writes: over ssh each became its own packet, and a slow link could
/// show half a frame. While a frame is composed, the descriptor ncurses
/// writes to points at memory (the shim's `cn_frame_begin`); the whole frame
/// then goes out in one `writev`, wrapped in synchronized output where the
/// terminal supports it.
@MainActor
final class FrameOutput {
    /// The descriptor ncurses was given (a duplicate of the terminal's), or -1
    /// when frames go straight to the terminal.
    let cursesDescriptor: Int32
    /// Where frames are written.
    let terminalDescriptor: Int32
    /// Whether each frame is wrapped in `CSI ? 2026 h` ... `CSI ? 2026 l`.
    var synchronized = false
    /// Sees every frame's bytes just after they were written.
    var observer: ((UnsafeRawBufferPointer) -> Void)?

    init(cursesDescriptor: Int32, terminalDescriptor: Int32) {
        self.cursesDescriptor = cursesDescriptor
        self.terminalDescriptor = terminalDescriptor
    }

    /// A duplicate of `terminal` for ncurses to write to, so frames can be
    /// redirected without touching the terminal's own descriptor (which the
    /// restore paths write to).
    static func forTerminal(_ terminal: Int32) -> FrameOutput {
        FrameOutput(cursesDescriptor: fcntl(terminal, F_DUPFD_CLOEXEC, 3), terminalDescriptor: terminal)
    }

    /// Runs `draw` (which ends in `doupdate`) with ncurses' output collected,
    /// then writes the frame once.
    func compose(_ draw: () -> Void) {
        guard cursesDescriptor >= 0, cn_frame_begin(cursesDescriptor, terminalDescriptor) == 0 else {
            draw()
            return
        }
        draw()
        var start: UnsafePointer<UInt8>?
        let count = cn_frame_end(&start)
        guard count > 0, let start else { return }
        let frame = UnsafeRawBufferPointer(start: start, count: count)
        write(frame)
        observer?(frame)
    }

    private static let beginSynchronized: StaticString = "\u{1B}[?2026h"
    private static let endSynchronized: StaticString = "\u{1B}[?2026l"

    private func write(_ frame: UnsafeRawBufferPointer) {
        let body = iovec(iov_base: UnsafeMutableRawPointer(mutating: frame.baseAddress), iov_len: frame.count)
        // On the stack: this runs for every frame.
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: 3) { parts in
            var count = 0
            if synchronized { parts[count] = Self.vector(Self.beginSynchronized); count += 1 }
            parts[count] = body
            count += 1
            if synchronized { parts[count] = Self.vector(Self.endSynchronized); count += 1 }
            _ = cn_write_all(terminalDescriptor, parts.baseAddress, Int32(count))
        }
    }

    private static func vector(_ text: StaticString) -> iovec {
        iovec(iov_base: UnsafeMutableRawPointer(mutating: text.utf8Start), iov_len: text.utf8CodeUnitCount)
    }
}
