import AsyncHTTPClient
import CatalogModel
import NIOCore
import NIOPosix
import NIOSSL
#if canImport(Glibc)
import Glibc
#endif

/// Turns what the network stack throws into the `CatalogError` an alert
/// shows: a short reason, not the stack's own long wording.
enum DownloadFailure {
    static func catalogError(for error: any Error, source: String, timeout: Double) -> CatalogError {
        if let error = error as? CatalogError { return error }
        if error is CancellationError { return .network(url: source, reason: "cancelled") }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout:
                return .timedOut(url: source, seconds: timeout)
            case .cancelled:
                return .network(url: source, reason: "cancelled")
            case .remoteConnectionClosed:
                return .network(url: source, reason: "the connection was lost")
            case .redirectLimitReached, .redirectCycleDetected:
                return .network(url: source, reason: "too many redirects")
            default:
                return .network(url: source, reason: String(describing: error))
            }
        }
        return .network(url: source, reason: reason(for: error))
    }

    /// The reason for an error below HTTP: the socket, the name lookup, TLS.
    private static func reason(for error: any Error) -> String {
        switch error {
        case let error as IOError:
            return reason(errno: error.errnoCode) ?? String(describing: error)
        case let error as NIOConnectionError:
            if let refused = error.connectionErrors.lazy.compactMap({ ($0.error as? IOError).flatMap { reason(errno: $0.errnoCode) } }).first {
                return refused
            }
            return error.connectionErrors.isEmpty ? "host not found" : String(describing: error)
        case is SocketAddressError:
            return "host not found"
        case is NIOSSLError, is BoringSSLError:
            return "TLS failure (\(error))"
        case let error as ChannelError where error == .ioOnClosedChannel || error == .eof:
            return "the connection was lost"
        default:
            return String(describing: error)
        }
    }

    private static func reason(errno code: Int32) -> String? {
        switch code {
        case ECONNREFUSED: "connection refused"
        case ECONNRESET, EPIPE, ECONNABORTED: "the connection was lost"
        case ENETUNREACH, ENETDOWN, EHOSTUNREACH: "not connected to a network"
        default: nil
        }
    }
}
