import Foundation
import ShojiCore

// posix_spawn's two opaque types are structs on Linux and pointers on
// Darwin, so even declaring an empty one differs; and only glibc can close
// every inherited descriptor with a file action, where Darwin has a flag.
// Everything that spawns in ShojiTesting goes through these, which ShojiCore's
// `SpawnSettings` (shared with ShojiTools) makes.

#if canImport(Darwin)
/// posix_spawn's attributes as this platform declares them (a pointer on
/// Darwin, a struct on Linux).
public typealias SpawnAttributes = posix_spawnattr_t?
typealias SpawnFileActions = posix_spawn_file_actions_t?
#else
/// posix_spawn's attributes as this platform declares them (a pointer on
/// Darwin, a struct on Linux).
public typealias SpawnAttributes = posix_spawnattr_t
typealias SpawnFileActions = posix_spawn_file_actions_t
#endif

extension Subprocess {
    /// Empty file actions; destroy them with `posix_spawn_file_actions_destroy`.
    static func makeFileActions() -> SpawnFileActions { SpawnSettings.makeFileActions() }

    /// Empty attributes; destroy them with `posix_spawnattr_destroy`.
    static func makeAttributes() -> SpawnAttributes { SpawnSettings.makeAttributes() }

    /// The spawn flag that closes every descriptor the file actions do not
    /// name: Darwin's POSIX_SPAWN_CLOEXEC_DEFAULT. Nothing on Linux, where
    /// `closeInheritedDescriptors` adds glibc's file action instead.
    static var closeInheritedDescriptorsFlag: Int32 { SpawnSettings.closeInheritedDescriptorsFlag }
}
