import Foundation
import NIOCore
import NIOHTTP1
import ShojiCore
import ShojiSSH

/// The checks on a request that asks for a session: the token, the page's
/// origin, and the client's address. Pure functions of the request, so
/// each is tested on its own.
enum WebAccess {
    /// Why a request was refused, with the HTTP status it gets.
    enum Refusal: Equatable, CustomStringConvertible {
        case noHost
        case foreignHost(String)
        case missingToken
        case wrongToken
        case foreignOrigin(String)
        case noOrigin

        var status: HTTPResponseStatus {
            switch self {
            case .noHost: .badRequest
            case .foreignHost: .misdirectedRequest
            case .missingToken, .wrongToken: .unauthorized
            case .foreignOrigin, .noOrigin: .forbidden
            }
        }

        var description: String {
            switch self {
            case .noHost: "no Host header"
            case .foreignHost(let host): "foreign host \(ControlCharacters.logged(host))"
            case .missingToken: "no token"
            case .wrongToken: "wrong token"
            case .foreignOrigin(let origin): "foreign origin \(ControlCharacters.logged(origin))"
            case .noOrigin: "no Origin header"
            }
        }
    }

    /// Checks a session request `head` for `configuration`: the host, the
    /// token, then the origin. `throughProxy`: the connection comes from the
    /// trusted proxy, which may have served the page over TLS (`https`).
    static func check(_ head: HTTPRequestHead, configuration: WebAppServer.Configuration,
                      throughProxy: Bool = false) -> Refusal? {
        if let refusal = checkHost(head, configuration: configuration) { return refusal }
        if case .token(let secret) = configuration.access {
            guard let shown = token(in: head) else { return .missingToken }
            guard constantTimeEqual(shown, secret) else { return .wrongToken }
        }
        return checkOrigin(head, allowed: configuration.allowedOrigins, throughProxy: throughProxy)
    }

    /// The `Host` header must name the server: its address, `localhost`, or
    /// a name in `allowedHosts`; when it listens on every interface, any IP
    /// address too (an address cannot be rebound). A page on a foreign name
    /// that resolves to the server (DNS rebinding) sends its own name here.
    static func checkHost(_ head: HTTPRequestHead, configuration: WebAppServer.Configuration) -> Refusal? {
        guard let header = head.headers.first(name: "host") else { return .noHost }
        guard let host = Authority(header), answers(to: host.name, configuration: configuration) else {
            return .foreignHost(header)
        }
        return nil
    }

    /// Whether the server answers to `name` (lowercased, without brackets or a final dot).
    static func answers(to name: String, configuration: WebAppServer.Configuration) -> Bool {
        let bound = Authority.normalized(configuration.host)
        if name == bound || name == "localhost" { return true }
        if configuration.allowedHosts.contains(where: { Authority.normalized($0) == name }) { return true }
        let everyInterface = bound == "0.0.0.0" || bound == "::" || bound.isEmpty
        return everyInterface && (try? SocketAddress(ipAddress: name, port: 0)) != nil
    }

    /// Browsers send `Origin` on every WebSocket request: it must be listed,
    /// or be the page's own: scheme `http` (or `https` through the trusted
    /// proxy), the host and the port of the `Host` header (a port left out
    /// is the scheme's default on both sides).
    static func checkOrigin(_ head: HTTPRequestHead, allowed: [String], throughProxy: Bool = false) -> Refusal? {
        guard let origin = head.headers.first(name: "origin") else { return .noOrigin }
        if allowed.contains(where: { $0.lowercased() == origin.lowercased() }) { return nil }
        guard let (scheme, authority) = Authority.origin(origin),
              scheme == "http" || (scheme == "https" && throughProxy),
              let hostHeader = head.headers.first(name: "host"), let host = Authority(hostHeader),
              authority.name == host.name,
              authority.port(scheme: scheme) == host.port(scheme: scheme) else {
            return .foreignOrigin(origin)
        }
        return nil
    }

    /// A host and an optional port, as in `Host` and `Origin`: `name`,
    /// `name:port`, `[v6]:port`. The name is lowercased, without brackets
    /// or a final dot.
    struct Authority: Equatable {
        let name: String
        let port: Int?

        init?(_ text: String) {
            var text = Substring(text.trimmingCharacters(in: .whitespaces))
            var portText: Substring?
            if text.hasPrefix("[") {
                guard let close = text.firstIndex(of: "]") else { return nil }
                let rest = text[text.index(after: close)...]
                if !rest.isEmpty {
                    guard rest.hasPrefix(":") else { return nil }
                    portText = rest.dropFirst()
                }
                text = text[text.index(after: text.startIndex)..<close]
            } else if let colon = text.lastIndex(of: ":") {
                guard text.firstIndex(of: ":") == colon else { return nil }
                portText = text[text.index(after: colon)...]
                text = text[..<colon]
            }
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "/" && $0 != "@" }) else {
                return nil
            }
            if let portText {
                guard let port = Int(portText), (1...65535).contains(port), portText.allSatisfy(\.isASCII) else { return nil }
                self.port = port
            } else {
                port = nil
            }
            name = Self.normalized(String(text))
        }

        /// The port, or the scheme's default when none was given.
        func port(scheme: String) -> Int? {
            port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
        }

        /// `name` lowercased, without brackets or a final dot.
        static func normalized(_ name: String) -> String {
            var name = Substring(name.lowercased())
            if name.hasPrefix("["), name.hasSuffix("]") { name = name.dropFirst().dropLast() }
            if name.hasSuffix(".") { name = name.dropLast() }
            return String(name)
        }

        /// The scheme and authority of an `Origin` (`scheme://host[:port]`, nothing after).
        static func origin(_ text: String) -> (String, Authority)? {
            guard let separator = text.range(of: "://") else { return nil }
            let scheme = text[..<separator.lowerBound].lowercased()
            let rest = String(text[separator.upperBound...])
            guard !scheme.isEmpty, let authority = Authority(rest) else { return nil }
            return (scheme, authority)
        }
    }

    /// The token from `Authorization: Bearer`, else the URL's `token` query item.
    static func token(in head: HTTPRequestHead) -> String? {
        if let header = head.headers.first(name: "authorization"), header.lowercased().hasPrefix("bearer ") {
            return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        return queryItem("token", in: head.uri)
    }

    /// The client's address: the socket's, or, from the trusted proxy only,
    /// the last `X-Forwarded-For` entry (the one the proxy itself added),
    /// when it is an IP address.
    static func clientAddress(socket: String, headers: HTTPHeaders, trustedProxy: String?) -> String {
        guard let trustedProxy, ClientAddress(socket) == ClientAddress(trustedProxy) else { return socket }
        let entries = headers[canonicalForm: "x-forwarded-for"]
        guard let last = entries.last, let address = ClientAddress(last.trimmingCharacters(in: .whitespaces)) else {
            return socket
        }
        return address.description
    }

    /// Compares without stopping at the first difference, so the time taken
    /// does not tell how much of a guess was right.
    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        var difference = UInt8(truncatingIfNeeded: left.count ^ right.count) | (left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= a ^ b
        }
        return difference == 0
    }

    /// The value of `name` in `uri`'s query, percent-decoded.
    static func queryItem(_ name: String, in uri: String) -> String? {
        guard let query = uri.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.first.map(String.init) == name {
                let value = parts.count > 1 ? String(parts[1]) : ""
                return value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value
            }
        }
        return nil
    }

    /// The URI's path, without its query.
    static func path(of uri: String) -> Substring {
        uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }
}
