import Foundation

/// Where the PostgreSQL store is, from a `postgres://` URL as libpq writes
/// them: `postgres://USER[:PASSWORD]@HOST[:PORT][/DATABASE][?sslmode=MODE]`.
///
/// The password is best left out of the URL, which `ps` shows to every user
/// of the machine: it is then read from `PGPASSWORD`, as `psql` does.
package struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is encrypted, named as libpq names it.
    package enum TLSMode: String, Sendable, CaseIterable {
        /// Never.
        case disable
        /// When the server offers it (libpq's default).
        case prefer
        /// Always, without checking the server's certificate.
        case require
        /// Always, with the certificate checked against the system's roots and the host name.
        case verifyFull = "verify-full"
    }

    package var host: String
    package var port: Int
    package var user: String
    package var password: String?
    package var database: String
    package var tls: TLSMode

    /// Parses `text`; a missing password comes from `environment["PGPASSWORD"]`.
    package init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PostgresLocationError) {
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme)
        else { throw .notAPostgresURL }
        guard let host = components.host, !host.isEmpty else { throw .missingPart("a host") }
        guard let user = components.user, !user.isEmpty else { throw .missingPart("a user") }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw .badPort }
        self.user = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 } ?? environment["PGPASSWORD"]
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? self.user : (path.removingPercentEncoding ?? path)
        tls = .prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    throw .badSSLMode(item.value ?? "")
                }
                tls = mode
            default:
                throw .unknownParameter(item.name)
            }
        }
    }

    /// The URL without its password, safe to log, to show and to pass on a
    /// command line (the password then travels in `PGPASSWORD`).
    package var description: String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.user = user
        components.host = host.contains(":") ? "[\(host)]" : host
        components.port = port
        components.path = "/" + database
        if tls != .prefer { components.queryItems = [URLQueryItem(name: "sslmode", value: tls.rawValue)] }
        return components.string ?? "postgres://\(user)@\(host):\(port)/\(database)"
    }

    /// `host:port`, for messages about reaching the server.
    package var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// A `--database` value that is not a usable PostgreSQL URL, said with the fix.
package enum PostgresLocationError: Error, Sendable, Equatable, CustomStringConvertible {
    // No case carries the URL: it may hold a password.
    case notAPostgresURL
    case missingPart(String)
    case badPort
    case badSSLMode(String)
    case unknownParameter(String)

    package var description: String {
        let form = "postgres://USER@HOST:PORT/DATABASE"
        return switch self {
        case .notAPostgresURL: "--database needs a URL like \(form)"
        case .missingPart(let part): "--database needs \(part): \(form)"
        case .badPort: "--database has a port out of range (1-65535): \(form)"
        case .badSSLMode(let mode):
            "--database has sslmode=\(mode); use one of \(PostgresLocation.TLSMode.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownParameter(let name): "--database has an unknown parameter '\(name)'; only sslmode is understood"
        }
    }
}
