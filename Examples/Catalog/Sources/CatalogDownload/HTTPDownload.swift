import AsyncHTTPClient
import CatalogModel
import Foundation
import NIOCore
import NIOHTTP1
import ShojiCore

/// One GET with a deadline for all of it and a size cap, as
/// `URLCatalogService` needs it. Every error it throws is a `CatalogError`.
///
/// AsyncHTTPClient's own deadline ends when the answer's head arrives, and a
/// server that sends a byte now and then would hold the body for as long as
/// it likes: so the whole download races a timer here, and the loser is
/// cancelled (which closes the connection). The body is counted as it
/// arrives, so one over the cap is refused without being kept.
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
            result = .success(try await withDeadline { try await fetch(with: client) })
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

    /// `work`, or `CatalogError.timedOut` when it has not finished within
    /// `timeout`; whichever comes second is cancelled.
    private func withDeadline(_ work: @escaping @Sendable () async throws -> Data) async throws -> Data {
        let source = source, timeout = timeout, nanoseconds = nanoseconds
        return try await withThrowingTaskGroup(of: Data.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(max(0, nanoseconds)))
                throw CatalogError.timedOut(url: source, seconds: timeout)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    private func fetch(with client: HTTPClient) async throws -> Data {
        var request = HTTPClientRequest(url: source)
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await client.execute(request, deadline: .now() + .nanoseconds(nanoseconds))
        guard (200..<300).contains(Int(response.status.code)) else {
            throw CatalogError.httpStatus(url: source, status: Int(response.status.code))
        }
        let announced = response.headers.first(name: "Content-Length").flatMap { Int64($0) }
        if let announced, announced > limit {
            throw CatalogError.tooLarge(source: source, byteCount: announced, limit: limit)
        }
        var body = Data()
        if let announced { body.reserveCapacity(Int(announced)) }
        let total = announced.map { Int($0) }
        progress?(WorkCount(completed: 0, total: total, unit: .bytes))
        for try await chunk in response.body {
            body.append(contentsOf: chunk.readableBytesView)
            if Int64(body.count) > limit {
                throw CatalogError.tooLarge(source: source, byteCount: Int64(body.count), limit: limit)
            }
            progress?(WorkCount(completed: body.count, total: total, unit: .bytes))
        }
        return body
    }
}
