#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A client's IP address: checked (a PROXY header's source is text the
/// balancer, or anyone reaching the port, wrote), written in one canonical
/// form, and grouped for the per-address limit.
public struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    private enum Bytes: Hashable, Sendable {
        case v4(UInt32)
        case v6([UInt8])
    }

    private let bytes: Bytes

    /// Parses dotted IPv4 or any IPv6 text form; nil for anything else
    /// (a host name, a port, stray bytes). IPv4-mapped IPv6 addresses
    /// (`::ffff:192.0.2.1`) are their IPv4 address.
    public init?(_ text: some StringProtocol) {
        let text = String(text)
        guard !text.isEmpty, text.utf8.count <= 45 else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = .v4(v4.s_addr)
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let raw = withUnsafeBytes(of: &v6) { Array($0) }
        if raw[0..<10].allSatisfy({ $0 == 0 }), raw[10] == 0xFF, raw[11] == 0xFF {
            bytes = .v4(raw[12..<16].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
        } else {
            bytes = .v6(raw)
        }
    }

    /// `192.0.2.1`, or RFC 5952's short IPv6 form (`2001:db8::1`).
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch bytes {
        case .v4(let value):
            var address = in_addr(s_addr: value)
            inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count))
        case .v6(let raw):
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: raw) }
            inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What the per-address limit counts by: the address itself for IPv4,
    /// its /64 network for IPv6, since one subscriber is usually given a
    /// whole /64 and could otherwise use a fresh address per connection.
    public var limitGroup: String {
        guard case .v6(let raw) = bytes else { return description }
        return ClientAddress(bytes: .v6(Array(raw.prefix(8)) + Array(repeating: 0, count: 8))).description + "/64"
    }

    private init(bytes: Bytes) {
        self.bytes = bytes
    }
}
