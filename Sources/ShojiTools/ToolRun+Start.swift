import ShojiCore
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Starting a run: the pipes, the spawn and the reading thread.
extension ToolRun {
    /// Spawns `tool`'s program and starts the thread that reads it.
    static func start(_ tool: Tool, mode: Mode) throws(ToolError) -> ToolRun {
        guard let program = tool.arguments.first, !program.isEmpty else {
            throw ToolError(.couldNotStart(EINVAL), tool: tool)
        }
        if tool.arguments.contains(where: { $0.utf8.contains(0) }) {
            throw ToolError(.couldNotStart(EINVAL), tool: tool)
        }
        if let directory = tool.directory {
            var info = stat()
            guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw ToolError(.noSuchDirectory(directory), tool: tool)
            }
        }
        var pipes: [Int32] = []
        func closeAll() { pipes.forEach { if $0 >= 0 { close($0) } } }
        guard let out = makePipe(), let err = makePipe(), let wake = makePipe() else {
            let code = errno
            throw ToolError(.couldNotStart(code), tool: tool)
        }
        pipes = [out.read, out.write, err.read, err.write, wake.read, wake.write]
        var stdin: (read: Int32, write: Int32)?
        if tool.input != nil {
            guard let made = makePipe() else {
                let code = errno
                closeAll()
                throw ToolError(.couldNotStart(code), tool: tool)
            }
            stdin = made
            pipes += [made.read, made.write]
        }
        for descriptor in [out.read, err.read, wake.read, wake.write] + (stdin.map { [$0.write] } ?? []) {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }

        var actions = SpawnSettings.makeFileActions()
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, out.write, 1)
        posix_spawn_file_actions_adddup2(&actions, err.write, 2)
        SpawnSettings.closeInheritedDescriptors(&actions)
        if let directory = tool.directory, !SpawnSettings.changeDirectory(&actions, to: directory) {
            closeAll()
            throw ToolError(.couldNotStart(ENOSYS), tool: tool)
        }
        // A process group of its own: ending the run ends what it started.
        var attributes = SpawnSettings.defaultSignalAttributes(flags: Int32(POSIX_SPAWN_SETPGROUP))
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)

        var environment = ProcessInfo.processInfo.environment
        environment.merge(tool.environment) { $1 }
        let argv = tool.arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }

        var pid: pid_t = 0
        var code: Int32 = 0
        let spawned = ToolRegistry.shared.spawning(grace: tool.terminationGrace) { () -> pid_t? in
            code = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
            return code == 0 ? pid : nil
        }
        // The child's ends are the child's alone now.
        close(out.write)
        close(err.write)
        if let stdin { close(stdin.read) }
        func parentEnds() { [out.read, err.read, wake.read, wake.write, stdin?.write ?? -1].forEach { if $0 >= 0 { close($0) } } }
        guard let started = spawned, started != nil else {
            parentEnds()
            if spawned == nil { throw ToolError(.cancelled, tool: tool) }
            if code == ENOENT {
                throw ToolError(.notFound, tool: tool,
                                searchPath: program.contains("/") ? nil : (environment["PATH"] ?? ""))
            }
            throw ToolError(.couldNotStart(code), tool: tool)
        }
        let run = ToolRun(tool: tool, mode: mode, pid: pid, output: out.read, errors: err.read,
                          input: stdin?.write ?? -1, wake: wake)
        guard ToolThread.start({ run.pump() }) else {
            // No thread to read it: end and reap it here.
            kill(-pid, SIGKILL)
            run.reap()
            parentEnds()
            throw ToolError(.couldNotStart(EAGAIN), tool: tool)
        }
        return run
    }

    /// A pipe whose two ends no other spawn inherits.
    private static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}
