import NIOHTTP1
import Foundation
import ShojiCore
import ShojiSSH

/// The checks on a request that asks for a session: the token, the page's
/// origin, and the client's address. Pure functions of the request, so
/// each is tested on its own.
enum WebAccess {
    /// Why a session request was refused, with the HTTP status it gets.
    enum Refusal: Equatable, CustomStringConvertible {
        case missingToken
        case wrongToken
        case foreignOrigin(String)
        case noOrigin

        var status: HTTPResponseStatus {
            switch self {
            case .missingToken, .wrongToken: .unauthorized
            case .foreignOrigin, .noOrigin: .forbidden
            }
        }

        var description: String {
            switch self {
            case .missingToken: "no token"
            case .wrongToken: "wrong token"
            case .foreignOrigin(let origin): "foreign origin \(ControlCharacters.logged(origin))"
            case .noOrigin: "no Origin header"
            }
        }
    }

    /// Checks `head` for `configuration`: the token first, then the origin.
    static func check(_ head: HTTPRequestHead, configuration: WebAppServer.Configuration) -> Refusal? {
        if case .token(let secret) = configuration.access {
            guard let shown = token(in: head) else { return .missingToken }
            guard constantTimeEqual(shown, secret) else { return .wrongToken }
        }
        return checkOrigin(head, allowed: configuration.allowedOrigins)
    }

    /// The token from `Authorization: Bearer`, else the URL's `token` query item.
    static func token(in head: HTTPRequestHead) -> String? {
        if let header = head.headers.first(name: "authorization"), header.lowercased().hasPrefix("bearer ") {
            return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        return queryItem("token", in: head.uri)
    }

    /// Browsers send `Origin` on every WebSocket request: it must be the
    /// page's own (its authority equal to the `Host` header) or listed.
    static func checkOrigin(_ head: HTTPRequestHead, allowed: [String]) -> Refusal? {
        guard let origin = head.headers.first(name: "origin") else { return .noOrigin }
        if allowed.contains(origin) { return nil }
        guard let host = head.headers.first(name: "host"), let schemeEnd = origin.range(of: "://") else {
            return .foreignOrigin(origin)
        }
        let authority = origin[schemeEnd.upperBound...]
        return authority.lowercased() == host.lowercased() ? nil : .foreignOrigin(origin)
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
