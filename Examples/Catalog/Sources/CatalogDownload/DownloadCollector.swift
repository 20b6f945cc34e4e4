import AsyncHTTPClient
import CatalogModel
import Foundation
import NIOCore
import NIOHTTP1
import ShojiCore

/// Collects one download's body on the HTTP client's event loop, where
/// AsyncHTTPClient calls every method of a delegate: the head's status and
/// announced length are checked, the body counted against the cap and the
/// progress reported as the bytes arrive, with no hop to Swift's
/// cooperative threads. So a download finishes (or is refused) while every
/// cooperative thread is busy, and only handing over the result waits.
///
/// A failed future from a method ends the request with that error and
/// closes its connection.
final class DownloadCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = Data

    private let source: String
    private let limit: Int64
    private let progress: (@Sendable (WorkCount) -> Void)?
    // Read and written only on the request's event loop (AsyncHTTPClient
    // calls each method there, one at a time): hence `@unchecked Sendable`.
    private var body = Data()
    private var total: Int?

    init(source: String, limit: Int64, progress: (@Sendable (WorkCount) -> Void)?) {
        self.source = source
        self.limit = limit
        self.progress = progress
    }

    func didReceiveHead(task: HTTPClient.Task<Data>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        guard (200..<300).contains(Int(head.status.code)) else {
            return task.eventLoop.makeFailedFuture(CatalogError.httpStatus(url: source, status: Int(head.status.code)))
        }
        let announced = head.headers.first(name: "Content-Length").flatMap { Int64($0) }
        if let announced, announced > limit {
            return task.eventLoop.makeFailedFuture(CatalogError.tooLarge(source: source, byteCount: announced, limit: limit))
        }
        if let announced {
            body.reserveCapacity(Int(announced))
            total = Int(announced)
        }
        progress?(WorkCount(completed: 0, total: total, unit: .bytes))
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Data>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        body.append(contentsOf: buffer.readableBytesView)
        if Int64(body.count) > limit {
            return task.eventLoop.makeFailedFuture(
                CatalogError.tooLarge(source: source, byteCount: Int64(body.count), limit: limit))
        }
        progress?(WorkCount(completed: body.count, total: total, unit: .bytes))
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Data>) throws -> Data { body }
}
