import ShojiPresentation
import Foundation

/// User names by uid, asked of the password database once per uid: a
/// refresh names hundreds of processes owned by a handful of users.
package final class UserNames {
    private var names: [UInt32: String] = [:]

    package init() {}

    /// The name of `uid`, or the number when it has none; escaped (the
    /// password database is not the app's to trust).
    package func name(of uid: UInt32) -> String {
        if let known = names[uid] { return known }
        var name = String(uid)
        if let entry = getpwuid(uid_t(uid)), let text = entry.pointee.pw_name {
            name = ControlCharacters.logged(String(cString: text), limit: 32)
        }
        names[uid] = name
        return name
    }
}
