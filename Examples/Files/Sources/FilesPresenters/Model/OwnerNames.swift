#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// User and group names by id, looked up once each (`getpwuid_r`,
/// `getgrgid_r`): a 100,000-entry listing has a handful of owners. Names
/// are data like file names: the table draws their controls as pictures.
package final class OwnerNames {
    private var users: [UInt32: String] = [:]
    private var groups: [UInt32: String] = [:]

    package init() {}

    /// `user:group`, a number where the id has no name.
    package func owner(_ user: UInt32, group: UInt32) -> String {
        userName(user) + ":" + groupName(group)
    }

    package func userName(_ id: UInt32) -> String {
        if let known = users[id] { return known }
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        let found = getpwuid_r(uid_t(id), &entry, &buffer, buffer.count, &result) == 0 && result != nil
        let name = found ? String(cString: entry.pw_name) : String(id)
        users[id] = name
        return name
    }

    package func groupName(_ id: UInt32) -> String {
        if let known = groups[id] { return known }
        var entry = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 4096)
        let found = getgrgid_r(gid_t(id), &entry, &buffer, buffer.count, &result) == 0 && result != nil
        let name = found ? String(cString: entry.gr_name) : String(id)
        groups[id] = name
        return name
    }
}
