#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A thread of its own for a run's blocking reads and `waitpid`, so that
/// they never hold one of Swift's cooperative threads (as many as there
/// are cores) or the main thread.
enum ToolThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new detached thread with every signal blocked
    /// (the app's handlers run on its own threads, and a write to a closed
    /// pipe fails with EPIPE here instead of raising SIGPIPE). False when
    /// no thread could be made.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        var all = sigset_t()
        sigfillset(&all)
        var previous = sigset_t()
        // The new thread inherits this thread's mask: block, create, restore.
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // Reading pipes needs little stack: 256 KiB instead of 8 MiB reserved.
        pthread_attr_setstacksize(&attributes, 256 << 10)
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let created = pthread_create(&thread, &attributes, { context in
            #if canImport(Glibc)
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            #else
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            #endif
            body.run()
            return nil
        }, context)
        if created != 0 { Unmanaged<Body>.fromOpaque(context).release() }
        return created == 0
    }
}
