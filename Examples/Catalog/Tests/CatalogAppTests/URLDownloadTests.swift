import Foundation
import NIOConcurrencyHelpers
import Testing
@testable import CatalogDownload
@testable import CatalogModel
import ShojiPresentation

/// What the AsyncHTTPClient download adds to the behaviour URLSession had:
/// progress reports, and redirects and cancellation kept as they were.
@Suite struct URLDownloadTests {
    /// Every report counts more bytes than the one before, out of the total
    /// the server announced, and the last one is the whole body.
    @Test func progressReportsIncreasingByteCounts() async throws {
        let items = (0..<4_000).map { #"{"name": "Item \#($0)"}"# }
        let body = "[" + items.joined(separator: ", ") + "]"
        let server = try LocalHTTPServer(status: 200, body: body)
        let reports = NIOLockedValueBox<[WorkCount]>([])
        let service = URLCatalogService(url: server.url, timeout: tightDeadline) { progress in
            reports.withLockedValue { $0.append(progress) }
        }
        let catalog = try await service.load()
        #expect(catalog.count == 4_000)

        let seen = reports.withLockedValue { $0 }
        let counts = seen.map(\.completed)
        #expect(seen.count >= 2, "a start and at least one chunk")
        #expect(counts.first == 0)
        #expect(counts.last == body.utf8.count)
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }, "counts \(counts) are not increasing")
        #expect(seen.allSatisfy { $0.total == body.utf8.count && $0.unit == .bytes })
    }

    /// A redirect is followed to the catalogue, as URLSession followed it.
    @Test func aRedirectIsFollowed() async throws {
        let target = try LocalHTTPServer(status: 200, body: #"[{"name": "Moved"}]"#)
        let redirect = try LocalHTTPServer(status: 302, body: "", contentType: "text/plain",
                                           headers: ["Location": target.url.absoluteString])
        let catalog = try await URLCatalogService(url: redirect.url, timeout: tightDeadline).load()
        #expect(catalog.map(\.id) == ["moved"])
        #expect(catalog.source == redirect.url.absoluteString)
    }

    /// A name that cannot resolve (`.invalid` never does, RFC 6761) is
    /// said as URLSession said it.
    @Test func anUnknownHostIsHostNotFound() async throws {
        let url = try #require(URL(string: "http://catalog.invalid/catalog.json"))
        let error = await catchError { try await URLCatalogService(url: url, timeout: tightDeadline).load() }
        #expect(error == .network(url: url.absoluteString, reason: "host not found"))
    }

    /// Cancelling the task that loads ends the load at once, with an error,
    /// against a server that would otherwise hold it for a minute.
    @Test func cancellingTheLoadEndsIt() async throws {
        let server = try LocalHTTPServer(misbehaving: .neverAnswers, holding: 60)
        let started = ContinuousClock.now
        let load = Task { try await URLCatalogService(url: server.url, timeout: 60).load() }
        try await Task.sleep(for: .milliseconds(200))
        load.cancel()
        let result = await load.result
        #expect(throws: CatalogError.network(url: server.url.absoluteString, reason: "cancelled")) { try result.get() }
        // Well under the server's hold and the load's own deadline.
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
