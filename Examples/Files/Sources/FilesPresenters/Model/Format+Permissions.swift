#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

extension Format {
    /// `ls -l`'s mode string: the kind (`d`, `l`, `p`, `s`, `c`, `b`, `-`)
    /// and `rwx` three times, with set-user-ID, set-group-ID and sticky as
    /// `s`/`S`, `s`/`S` and `t`/`T`.
    package static func permissions(_ bits: UInt16, kind: EntryKind) -> String {
        let type: Character = switch kind {
        case .directory: "d"
        case .symlink: "l"
        case .fifo: "p"
        case .socket: "s"
        case .characterDevice: "c"
        case .blockDevice: "b"
        default: "-"
        }
        var text = String(type)
        let specials: [(UInt16, Character, Character)] = [(0o4000, "s", "S"), (0o2000, "s", "S"), (0o1000, "t", "T")]
        for (index, shift) in [6, 3, 0].enumerated() {
            let triple = (bits >> UInt16(shift)) & 7
            text.append(triple & 4 != 0 ? "r" : "-")
            text.append(triple & 2 != 0 ? "w" : "-")
            let (mask, set, unset) = specials[index]
            if bits & mask != 0 {
                text.append(triple & 1 != 0 ? set : unset)
            } else {
                text.append(triple & 1 != 0 ? "x" : "-")
            }
        }
        return text
    }
}
