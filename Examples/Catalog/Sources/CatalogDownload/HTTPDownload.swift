import AsyncHTTPClient
import CatalogModel
import Foundation
import NIOCore
import NIOHTTP1
import ShojiCore

/// One GET with a deadline for all of it and a size cap, as
/// `URLCatalogService` needs it. Every error it throws is a `CatalogError`.
///
/// The whole download runs on the HTTP client's event loop: AsyncHTTPClient's
/// delegate API keeps its deadline there until the last byte (its async API
/// stops counting when the answer's head arrives, so a server sending a
/// byte now and then held the body as long as it liked), and
/// `DownloadCollector` reads the body there. Nothing waits on Swift's
/// cooperative threads, so a process that keeps them all busy for a while
/// does not turn a quick download into a time-out: only handing the result
/// over waits for a thread. Cancelling the caller's task cancels the
/// request, which closes the connection.
struct HTTPDownload: Sendable {
    /// Redirects followed before giving up (URLSession followed them too).
    static let maximumRedirects = 5

    let url: URL
    let timeout: Double
    let limit: Int64
    let progress: (@Sendable (WorkCount) -> Void)?

    private var source: String { url.absoluteString }

    /// The body of a 2xx answer.
    func run() async throws(CatalogError) -> Data {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let result: Result<Data, CatalogError>
        do {
            result = .success(try await fetch(with: client))
        } catch {
            result = .failure(DownloadFailure.catalogError(for: error, source: source, timeout: timeout))
        }
        // Closes whatever a cancelled or failed download left open; waits for
        // nothing the server does.
        try? await client.shutdown()
        return try result.get()
    }

    private var configuration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: Self.maximumRedirects, allowCycles: false),
            timeout: .init(connect: .nanoseconds(nanoseconds)),
            decompression: .disabled
        )
        // A refused connection is an answer: report it at once, as
        // URLSession did, instead of retrying until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.idleTimeout = .seconds(1)
        return configuration
    }

    private var nanoseconds: Int64 { Int64((timeout * 1_000_000_000).rounded()) }

    /// The request on `client`, its deadline (connecting, the head and every
    /// byte of the body) kept by the client's event loop.
    private func fetch(with client: HTTPClient) async throws -> Data {
        var request = try HTTPClient.Request(url: source)
        request.headers.add(name: "Accept", value: "application/json")
        let collector = DownloadCollector(source: source, limit: limit, progress: progress)
        let task = client.execute(request: request, delegate: collector, deadline: .now() + .nanoseconds(nanoseconds))
        return try await withTaskCancellationHandler {
            try await task.futureResult.get()
        } onCancel: {
            task.cancel()
        }
    }
}
