import NIOCore

/// When a session is due to be hung up, the same rule for every transport:
/// no key (or paste) within `SessionLimits.inputGracePeriod` of its start,
/// or no input at all for `SessionLimits.idleTimeout`. A transport tells
/// the clock what the user did and checks it on its event loop; a trickle
/// of resizes, pings or keepalives never counts as typing.
public struct SessionClock: Sendable {
    /// Why a session is hung up.
    public enum Expiry: Sendable, Equatable, CustomStringConvertible {
        /// No key within the grace period (its seconds).
        case noKeys(Double)
        /// No input for the idle timeout (its seconds).
        case idle(Double)

        /// What the client is told: `no key within 60 s`, `no input for 15 min`.
        public var description: String {
            switch self {
            case .noKeys(let seconds): "no key within \(Self.describe(seconds: seconds))"
            case .idle(let seconds): "no input for \(Self.describe(seconds: seconds))"
            }
        }

        /// `15 min`, `60 s`, `2.5 s`.
        public static func describe(seconds: Double) -> String {
            if seconds >= 120, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
            if seconds.rounded() == seconds { return "\(Int(seconds)) s" }
            return "\((seconds * 10).rounded() / 10) s"
        }
    }

    /// When the session started.
    public let started: NIODeadline
    /// The last input of any kind (keys, pastes, resizes).
    public private(set) var lastInput: NIODeadline
    /// Whether the user has typed (or pasted) anything yet.
    public private(set) var hasTyped = false

    /// A clock for a session starting `now`.
    public init(startingAt now: NIODeadline = .now()) {
        started = now
        lastInput = now
    }

    /// The user typed or pasted: the grace period is over, and the idle time starts again.
    public mutating func noteKeys(at now: NIODeadline = .now()) {
        hasTyped = true
        lastInput = now
    }

    /// The terminal was resized: the idle time starts again, the grace period goes on.
    public mutating func noteResize(at now: NIODeadline = .now()) {
        lastInput = now
    }

    /// The next moment the session may expire, under `limits`.
    public func deadline(under limits: SessionLimits) -> NIODeadline {
        let idle = lastInput + TimeAmount(seconds: limits.idleTimeout)
        return hasTyped ? idle : min(idle, started + TimeAmount(seconds: limits.inputGracePeriod))
    }

    /// Why the session is due to be hung up at `now`, or nil while it may go on.
    public func expiry(at now: NIODeadline = .now(), under limits: SessionLimits) -> Expiry? {
        if !hasTyped, now >= started + TimeAmount(seconds: limits.inputGracePeriod) {
            return .noKeys(limits.inputGracePeriod)
        }
        if now >= lastInput + TimeAmount(seconds: limits.idleTimeout) { return .idle(limits.idleTimeout) }
        return nil
    }
}

extension TimeAmount {
    /// A duration from seconds, to the millisecond.
    package init(seconds: Double) {
        self = .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
