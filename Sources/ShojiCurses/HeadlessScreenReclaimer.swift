import CShojiCurses
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Frees the curses screens of released headless screens, once no screen
/// is alive.
///
/// `delscreen` cannot run while another screen lives: ncurses (6.4, as
/// Debian builds it) keeps one window list for the whole process, and
/// `delscreen` frees every window on it, other screens' windows included
/// (checked with AddressSanitizer: a use after free in the surviving
/// screen's window). A released screen's windows are gone by then (every
/// panel holds its screen), so when the last screen is released, every
/// window left on the list belongs to a released screen.
@MainActor
enum HeadlessScreenReclaimer {
    /// A released headless screen's SCREEN and the two streams it was made on.
    struct Released {
        let handle: OpaquePointer
        let output: UnsafeMutablePointer<FILE>
        let input: UnsafeMutablePointer<FILE>
    }

    private(set) static var liveScreens = 0
    private static var released: [Released] = []

    /// A screen (headless or not) was made.
    static func screenMade() { liveScreens += 1 }

    /// A screen was released; `headless` carries what to free of a headless one.
    static func screenReleased(_ headless: Released?) {
        liveScreens -= 1
        if let headless { released.append(headless) }
        guard liveScreens == 0 else { return }
        for screen in released {
            delscreen(screen.handle)
            fclose(screen.output)
            fclose(screen.input)
        }
        released.removeAll()
    }
}
