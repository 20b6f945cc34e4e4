import ShojiSessions

/// The PROXY protocol header (versions 1 and 2) a load balancer such as
/// HAProxy (`send-proxy` or `send-proxy-v2`) sends before the client's own
/// bytes, naming the client's address. Only the source address is read.
package enum ProxyHeader: Equatable {
    /// The header is not complete yet.
    case incomplete
    /// A whole header of `length` bytes; `source` is the client's address,
    /// or nil for the balancer's own connections (v2 LOCAL, v1 UNKNOWN:
    /// health checks).
    case complete(source: String?, length: Int)
    /// Not a PROXY header: the connection did not come through the balancer.
    case invalid(String)

    /// v1 lines are at most 107 bytes, CRLF included.
    private static let longestLine = 107
    private static let v1Prefix = Array("PROXY ".utf8)
    private static let v2Signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]

    /// Reads the header at the start of `bytes`.
    package static func parse(_ bytes: some Collection<UInt8>) -> ProxyHeader {
        let bytes = Array(bytes)
        if startsLike(bytes, v2Signature) { return bytes.count < 16 ? .incomplete : parseVersion2(bytes) }
        if startsLike(bytes, v1Prefix) { return parseVersion1(bytes) }
        return .invalid("no PROXY protocol header (is the server behind a balancer that sends one?)")
    }

    /// Whether `bytes` and `prefix` agree as far as both go.
    private static func startsLike(_ bytes: [UInt8], _ prefix: [UInt8]) -> Bool {
        zip(bytes, prefix).allSatisfy { $0 == $1 }
    }

    /// `PROXY TCP4 203.0.113.7 192.0.2.1 51234 22\r\n`
    private static func parseVersion1(_ bytes: [UInt8]) -> ProxyHeader {
        guard let end = bytes.indices.dropFirst().first(where: { bytes[$0 - 1] == 0x0D && bytes[$0] == 0x0A }) else {
            return bytes.count >= longestLine ? .invalid("PROXY v1 line longer than \(longestLine) bytes") : .incomplete
        }
        guard end < longestLine else { return .invalid("PROXY v1 line longer than \(longestLine) bytes") }
        let fields = String(decoding: bytes[..<(end - 1)], as: UTF8.self).split(separator: " ")
        switch fields.count > 1 ? fields[1] : "" {
        case "UNKNOWN":
            return .complete(source: nil, length: end + 1)
        case "TCP4" where fields.count == 6, "TCP6" where fields.count == 6:
            // The source is text: anyone reaching the port could write an
            // escape sequence there, and it reaches logs and the app.
            guard let source = ClientAddress(fields[2]) else {
                return .invalid("PROXY v1 source is not an IP address")
            }
            return .complete(source: source.description, length: end + 1)
        default:
            return .invalid("malformed PROXY v1 line")
        }
    }

    /// The 16-byte v2 preamble, then the addresses.
    private static func parseVersion2(_ bytes: [UInt8]) -> ProxyHeader {
        let versionAndCommand = bytes[12]
        guard versionAndCommand >> 4 == 2 else { return .invalid("PROXY v2 header of an unknown version") }
        let length = 16 + (Int(bytes[14]) << 8 | Int(bytes[15]))
        guard bytes.count >= length else { return .incomplete }
        // LOCAL: the balancer's own connection (a health check), no client address.
        if versionAndCommand & 0x0F == 0 { return .complete(source: nil, length: length) }
        guard versionAndCommand & 0x0F == 1 else { return .invalid("PROXY v2 header with an unknown command") }
        let addresses = bytes[16..<length]
        switch bytes[13] >> 4 {
        case 1 where addresses.count >= 12:
            return .complete(source: addresses.prefix(4).map(String.init).joined(separator: "."), length: length)
        case 2 where addresses.count >= 36:
            return .complete(source: ipv6(Array(addresses.prefix(16))).description, length: length)
        default:
            // Unix sockets or an unspecified family: no address to count by.
            return .complete(source: nil, length: length)
        }
    }

    /// Sixteen bytes, in RFC 5952's short form like any other client address.
    private static func ipv6(_ bytes: [UInt8]) -> ClientAddress {
        let groups = stride(from: 0, to: 16, by: 2).map { String(Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]), radix: 16) }
        return ClientAddress(groups.joined(separator: ":"))!
    }
}
