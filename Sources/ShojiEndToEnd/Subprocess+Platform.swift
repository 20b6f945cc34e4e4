import Foundation

// posix_spawn's two opaque types are structs on Linux and pointers on
// Darwin, so even declaring an empty one differs; and only glibc can close
// every inherited descriptor with a file action, where Darwin has a flag.
// Everything that spawns in ShojiTesting goes through these.

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
    static func makeFileActions() -> SpawnFileActions {
        #if canImport(Darwin)
        var actions: SpawnFileActions = nil
        #else
        var actions = SpawnFileActions()
        #endif
        posix_spawn_file_actions_init(&actions)
        return actions
    }

    /// Empty attributes; destroy them with `posix_spawnattr_destroy`.
    static func makeAttributes() -> SpawnAttributes {
        #if canImport(Darwin)
        var attributes: SpawnAttributes = nil
        #else
        var attributes = SpawnAttributes()
        #endif
        posix_spawnattr_init(&attributes)
        return attributes
    }

    /// The spawn flag that closes every descriptor the file actions do not
    /// name: Darwin's POSIX_SPAWN_CLOEXEC_DEFAULT. Nothing on Linux, where
    /// `closeInheritedDescriptors` adds glibc's file action instead.
    static var closeInheritedDescriptorsFlag: Int32 {
        #if canImport(Darwin)
        POSIX_SPAWN_CLOEXEC_DEFAULT
        #else
        0
        #endif
    }
}
