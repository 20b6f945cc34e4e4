import Foundation
import Logging

/// File descriptors: each session holds a TCP socket and a pseudo-terminal
/// master, and the server a few more, so many systems' default soft limit of
/// 1,024 stops a server at a few hundred sessions. Every transport raises
/// it at start.
public enum ResourceLimits {
    /// Descriptors one session needs, with room for the server's own.
    static let descriptorsPerSession: rlim_t = 4
    static let descriptorsForServer: rlim_t = 64

    /// Raises the soft limit to the hard limit, and says so (with the fix)
    /// when even the hard limit is too low for `sessions` and `pending`
    /// connections that are not sessions yet (a socket each).
    public static func raiseDescriptorLimit(for sessions: Int, pending: Int = 0, logger: Logger) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let needed = rlim_t(max(0, sessions)) * descriptorsPerSession + rlim_t(max(0, min(pending, 1 << 20)))
            + descriptorsForServer
        if limit.rlim_cur < limit.rlim_max {
            let previous = limit.rlim_cur
            limit.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
                logger.info("raised the open-file limit", metadata: ["from": "\(previous)", "to": "\(limit.rlim_cur)"])
            }
        }
        if limit.rlim_cur < needed {
            logger.warning("""
                the open-file limit (\(limit.rlim_cur)) is too low for \(sessions) sessions (about \(needed) needed): \
                raise the hard limit (ulimit -Hn \(needed), or LimitNOFILE=\(needed) in a systemd unit) \
                or lower --max-sessions
                """)
        }
    }
}
