import CatalogModel
import Foundation
import ShojiSSH

/// `catalog accounts list`'s text: a line per account (email, who made it,
/// its lock), then a line per linked key by fingerprint.
///
///     alice@example.com  visitor   locked 12 min (10 wrong passwords)
///       SHA256:Xq3...  linked by the user
///     ops@example.com    operator
///       SHA256:9fK...  linked by the operator
struct AccountListing {
    let text: String

    init(_ summaries: [AccountSummary], now: Date) {
        guard !summaries.isEmpty else {
            text = "no accounts\n"
            return
        }
        let width = summaries.map(\.account.email.count).max() ?? 0
        var lines: [String] = []
        for summary in summaries {
            let email = summary.account.email.padding(toLength: width, withPad: " ", startingAt: 0)
            var line = "\(email)  \(summary.ownedByOperator ? "operator" : "visitor ")"
            line += "  " + Self.lock(summary.lock, now: now)
            lines.append(line.trimmingCharacters(in: .whitespaces))
            for key in summary.keys {
                let fingerprint = SSHKeyFingerprint.of(key.publicKey) ?? "unknown"
                let type = key.publicKey.split(separator: " ").first.map(String.init) ?? "?"
                lines.append("  \(fingerprint) (\(type))  linked by the \(key.byOperator ? "operator" : "user")")
            }
        }
        text = lines.joined(separator: "\n") + "\n"
    }

    /// `locked 12 min`, `3 wrong passwords`, or nothing.
    private static func lock(_ lock: SignInLock, now: Date) -> String {
        if lock.isLocked(at: now), let until = lock.lockedUntil {
            return "locked \(max(1, Int((until.timeIntervalSince(now) / 60).rounded(.up)))) min (catalog accounts unlock lifts it)"
        }
        return lock.failures > 0 ? "\(lock.failures) wrong password\(lock.failures == 1 ? "" : "s") in a row" : ""
    }
}
