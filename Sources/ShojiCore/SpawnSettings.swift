#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

// posix_spawn's two opaque types are structs on Linux and pointers on
// Darwin, so even declaring an empty one differs; and glibc's two
// extensions the framework needs (closing every inherited descriptor,
// changing directory) are file actions Swift's Glibc module does not
// import, where Darwin has a flag and a declared function. The framework's
// spawners (ShojiEndToEnd's `Subprocess`, ShojiTools' `Tool`) share these.

#if canImport(Darwin)
/// posix_spawn's file actions as this platform declares them.
package typealias PosixSpawnFileActions = posix_spawn_file_actions_t?
/// posix_spawn's attributes as this platform declares them.
package typealias PosixSpawnAttributes = posix_spawnattr_t?
#else
/// posix_spawn's file actions as this platform declares them.
package typealias PosixSpawnFileActions = posix_spawn_file_actions_t
/// posix_spawn's attributes as this platform declares them.
package typealias PosixSpawnAttributes = posix_spawnattr_t
#endif

/// What every spawn in the framework sets up the same way.
package enum SpawnSettings {
    /// Empty file actions; destroy them with `posix_spawn_file_actions_destroy`.
    package static func makeFileActions() -> PosixSpawnFileActions {
        #if canImport(Darwin)
        var actions: PosixSpawnFileActions = nil
        #else
        var actions = PosixSpawnFileActions()
        #endif
        posix_spawn_file_actions_init(&actions)
        return actions
    }

    /// Empty attributes; destroy them with `posix_spawnattr_destroy`.
    package static func makeAttributes() -> PosixSpawnAttributes {
        #if canImport(Darwin)
        var attributes: PosixSpawnAttributes = nil
        #else
        var attributes = PosixSpawnAttributes()
        #endif
        posix_spawnattr_init(&attributes)
        return attributes
    }

    /// The spawn flag that closes every descriptor the file actions do not
    /// name: Darwin's POSIX_SPAWN_CLOEXEC_DEFAULT. Nothing on Linux, where
    /// `closeInheritedDescriptors` adds glibc's file action instead.
    package static var closeInheritedDescriptorsFlag: Int32 {
        #if canImport(Darwin)
        POSIX_SPAWN_CLOEXEC_DEFAULT
        #else
        0
        #endif
    }

    /// Adds a file action that closes every descriptor above stderr in the
    /// child. Not every library opens its descriptors close-on-exec (NIO's
    /// client sockets do not), and a child that daemonizes would otherwise
    /// hold its parent's pipes and connections open after the parent closed
    /// them, so the peer never sees them end.
    package static func closeInheritedDescriptors(_ actions: inout PosixSpawnFileActions) {
        // glibc 2.34 has it, but Swift's Glibc module does not import it.
        // (Darwin has no such action: `closeInheritedDescriptorsFlag`.)
        guard let closeFrom = addCloseFrom else { return }
        _ = closeFrom(&actions, 3)
    }

    /// Adds a file action that makes `directory` the child's working
    /// directory. False where the platform has no such action.
    package static func changeDirectory(_ actions: inout PosixSpawnFileActions, to directory: String) -> Bool {
        #if canImport(Darwin)
        return posix_spawn_file_actions_addchdir_np(&actions, directory) == 0
        #else
        guard let addChdir else { return false }
        return directory.withCString { addChdir(&actions, $0) } == 0
        #endif
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<PosixSpawnFileActions>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<PosixSpawnFileActions>, UnsafePointer<CChar>) -> Int32
    private static let addChdir: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np")
        .map { unsafeBitCast($0, to: AddChdir.self) }

    /// Spawn attributes that give the child no blocked signals and every
    /// signal's default action, plus `flags`. A child inherits the spawning
    /// thread's mask and its ignored signals: spawned from a dispatch worker
    /// (which blocks signals) or from an app that ignores SIGPIPE, a tmux
    /// server outlives its `kill-server` and a `git log` whose reader went
    /// away never ends. On Darwin they also close every descriptor the file
    /// actions do not name. Destroy the result with `posix_spawnattr_destroy`.
    package static func defaultSignalAttributes(flags: Int32 = 0) -> PosixSpawnAttributes {
        var attributes = makeAttributes()
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes,
                                 Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
                                       | closeInheritedDescriptorsFlag | flags))
        return attributes
    }
}
