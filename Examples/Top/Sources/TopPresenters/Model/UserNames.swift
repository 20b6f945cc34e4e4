import ShojiPresentation
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// User names by uid, asked of the password database once per uid: a
/// refresh names hundreds of processes owned by a handful of users.
package final class UserNames {
    private var names: [UInt32: String] = [:]
    private let lookup: (UInt32) -> String?

    /// Names from `lookup` (the password database unless told: tests name users themselves).
    package init(lookup: @escaping (UInt32) -> String? = UserNames.passwordName) { self.lookup = lookup }

    /// The name the password database has for `uid`, if any.
    package static func passwordName(_ uid: UInt32) -> String? {
        guard let entry = getpwuid(uid_t(uid)), let text = entry.pointee.pw_name else { return nil }
        return String(cString: text)
    }

    /// The name of `uid`, or the number when it has none; escaped (the
    /// password database is not the app's to trust).
    package func name(of uid: UInt32) -> String {
        if let known = names[uid] { return known }
        let name = lookup(uid).map { ControlCharacters.logged($0, limit: 32) } ?? String(uid)
        names[uid] = name
        return name
    }
}
