import Foundation
import Testing
import CShojiCurses
@testable import ShojiCurses

extension CursesSuite {
    /// The shim's platform seam: which pieces this build took (so
    /// `make test-portable` provably runs the POSIX fallbacks, not Linux's),
    /// and the frame file doing its job whichever it is.
    @Suite @MainActor struct PlatformSeamTests {
        #if SHOJI_PORTABLE || !os(Linux)
        static let portable = true
        #else
        static let portable = false
        #endif

        @Test func theBuildTakesThePlatformsPieces() {
            let kind = String(cString: cn_platform_frame_file_kind())
            #expect(kind == (Self.portable ? "tmpfile" : "memfd"))
            // No descriptor means TerminalEventLoop.run() takes the dispatch-source
            // loop. (In this test process dispatchMain() already drives the main
            // queue, so libdispatch gives Linux's loop no descriptor either.)
            if Self.portable { #expect(cn_main_queue_descriptor() == -1) }
        }

        @Test func aFrameIsCapturedReadBackAndRewound() throws {
            var terminal: [Int32] = [-1, -1]
            try #require(pipe(&terminal) == 0)
            defer { close(terminal[0]); close(terminal[1]) }
            _ = fcntl(terminal[0], F_SETFL, fcntl(terminal[0], F_GETFL) | O_NONBLOCK)
            // ncurses' own descriptor: a duplicate of the terminal's.
            let curses = fcntl(terminal[1], F_DUPFD_CLOEXEC, 3)
            try #require(curses >= 0)
            defer { close(curses) }

            #expect(capture("a longer first frame", curses: curses, terminal: terminal[1]) == "a longer first frame")
            // Rewound, not appended to, and only the new frame's length read back.
            #expect(capture("second", curses: curses, terminal: terminal[1]) == "second")
            #expect(Self.read(terminal[0]) == "", "nothing reached the terminal while frames were captured")

            // After the frame, ncurses' descriptor is the terminal again, still close-on-exec.
            _ = "after".withCString { write(curses, $0, 5) }
            #expect(Self.read(terminal[0]) == "after")
            #expect(fcntl(curses, F_GETFD) & FD_CLOEXEC != 0)
        }

        private func capture(_ text: String, curses: Int32, terminal: Int32) -> String? {
            guard cn_frame_begin(curses, terminal) == 0 else { return nil }
            // Captured while the frame is composed: the frame file, close-on-exec.
            #expect(fcntl(curses, F_GETFD) & FD_CLOEXEC != 0)
            _ = text.withCString { write(curses, $0, strlen($0)) }
            var start: UnsafePointer<UInt8>?
            let count = cn_frame_end(&start)
            guard count >= 0, let start else { return nil }
            return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        }

        private static func read(_ descriptor: Int32) -> String {
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = Foundation.read(descriptor, &buffer, buffer.count)
            return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
        }
    }
}
