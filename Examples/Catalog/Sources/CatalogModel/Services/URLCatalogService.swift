import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// A catalogue downloaded over http(s) (`--catalog URL`).
///
/// Uses an ephemeral session of its own so no cache or cookie outlives the
/// load, one deadline for the whole download, and the same 64 MiB cap and
/// decoder as files. The deadline and the cap are enforced here (see
/// `Download`), not left to URLSession.
package struct URLCatalogService: CatalogService {
    package static let defaultTimeout: Double = 10

    package let url: URL
    /// Seconds the whole download may take, from connecting to the last byte.
    package let timeout: Double
    /// The largest body accepted; bigger ones are refused while they arrive.
    package let limit: Int64

    package init(url: URL, timeout: Double = URLCatalogService.defaultTimeout,
                limit: Int64 = CatalogError.maximumByteCount)
    {
        self.url = url
        self.timeout = timeout
        self.limit = limit
    }

    package var sourceDescription: String { url.absoluteString }

    package func load() async throws -> Catalog {
        let source = url.absoluteString
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await Download.run(request, source: source, timeout: timeout, limit: limit)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw CatalogError.httpStatus(url: source, status: http.statusCode)
        }
        return try CatalogDecoder.decode(data, source: source)
    }
}

/// One download with a deadline for all of it and a size cap, answering
/// exactly once. URLSession alone is not enough: on Linux its resource
/// timeout is not enforced, so a server that sends a byte now and then holds
/// the request for as long as it likes; and `data(for:)` buffers a body of
/// any size before the caller can look at it.
private final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var data = Data()
        var response: URLResponse?
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    }

    private let state = Mutex(State())
    private let source: String
    private let timeout: Double
    private let limit: Int64

    private init(source: String, timeout: Double, limit: Int64) {
        self.source = source
        self.timeout = timeout
        self.limit = limit
    }

    static func run(_ request: URLRequest, source: String, timeout: Double, limit: Int64) async throws
        -> (Data, URLResponse)
    {
        let download = Download(source: source, timeout: timeout, limit: limit)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        // The session keeps its delegate until invalidated.
        defer { cleanUp { session.invalidateAndCancel() } }
        let task = session.dataTask(with: request)
        let deadline = Task.detached {
            try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
            download.finish(.failure(CatalogError.timedOut(url: source, seconds: timeout)))
            cleanUp { task.cancel() }
        }
        defer { deadline.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                download.state.withLock { $0.continuation = continuation }
                task.resume()
            }
        } onCancel: {
            cleanUp { task.cancel() }
        }
    }

    /// Cancelling a task or invalidating a session waits for URLSession's own
    /// queue, which a server flooding the connection can keep busy for as
    /// long as it floods: never on the caller's way, nor on the shared pools.
    private static let cleanUpQueue = DispatchQueue(label: "catalog.url-download.clean-up")

    private static func cleanUp(_ work: @escaping @Sendable () -> Void) {
        cleanUpQueue.async(execute: work)
    }

    /// Answers the caller; only the first answer counts.
    private func finish(_ result: Result<(Data, URLResponse), any Error>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }

    private func tooLarge(_ byteCount: Int64) -> CatalogError {
        .tooLarge(source: source, byteCount: byteCount, limit: limit)
    }

    // MARK: URLSessionDataDelegate

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void)
    {
        if response.expectedContentLength > limit {
            finish(.failure(tooLarge(response.expectedContentLength)))
            completionHandler(.cancel)
            return
        }
        state.withLock { $0.response = response }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let count = state.withLock { state in
            state.data.append(data)
            return Int64(state.data.count)
        }
        if count > limit {
            finish(.failure(tooLarge(count)))
            Self.cleanUp { dataTask.cancel() }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(.failure(catalogError(for: error)))
            return
        }
        let (data, response) = state.withLock { ($0.data, $0.response) }
        guard let response = response ?? task.response else {
            finish(.failure(CatalogError.network(url: source, reason: "no response")))
            return
        }
        finish(.success((data, response)))
    }

    private func catalogError(for error: any Error) -> CatalogError {
        guard let urlError = error as? URLError else { return .network(url: source, reason: String(describing: error)) }
        if urlError.code == .timedOut { return .timedOut(url: source, seconds: timeout) }
        return .network(url: source, reason: Self.reason(for: urlError))
    }

    /// A short reason: URLError's own description is long and repeats the URL.
    private static func reason(for urlError: URLError) -> String {
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
