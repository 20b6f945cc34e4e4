import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A catalogue downloaded over http(s) (`--catalog URL`).
///
/// Uses an ephemeral session of its own so no cache or cookie outlives the
/// load, a timeout for the request and for the whole download, and the same
/// 64 MiB cap and decoder as files.
public struct URLCatalogService: CatalogService {
    public static let defaultTimeout: Double = 10

    public let url: URL
    /// Seconds to wait for the server, and at most for the whole download.
    public let timeout: Double

    public init(url: URL, timeout: Double = URLCatalogService.defaultTimeout) {
        self.url = url
        self.timeout = timeout
    }

    public var sourceDescription: String { url.absoluteString }

    public func load() async throws -> Catalog {
        let source = url.absoluteString
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }

        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError where error.code == .timedOut {
            throw CatalogError.timedOut(url: source, seconds: timeout)
        } catch {
            throw CatalogError.network(url: source, reason: Self.reason(for: error))
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw CatalogError.httpStatus(url: source, status: http.statusCode)
        }
        if Int64(data.count) > CatalogError.maximumByteCount {
            throw CatalogError.tooLarge(source: source, byteCount: Int64(data.count), limit: CatalogError.maximumByteCount)
        }
        return try CatalogDecoder.decode(data, source: source)
    }

    /// A short reason: URLError's own description is long and repeats the URL.
    private static func reason(for error: any Error) -> String {
        guard let urlError = error as? URLError else { return String(describing: error) }
        switch urlError.code {
        case .cannotConnectToHost: return "connection refused"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .notConnectedToInternet: return "not connected to a network"
        case .networkConnectionLost: return "the connection was lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "TLS failure (\(urlError.localizedDescription))"
        default: return urlError.localizedDescription
        }
    }
}
