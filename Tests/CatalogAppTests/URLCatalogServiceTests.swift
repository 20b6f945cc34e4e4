import Foundation
import Testing
@testable import CatalogApp

@Suite struct URLCatalogServiceTests {
    @Test func loadsJSONFromTheServer() async throws {
        let server = try LocalHTTPServer(status: 200, body: #"[{"name": "Served"}, {"name": "Served"}]"#)
        let catalog = try await URLCatalogService(url: server.url, timeout: 5).load()
        #expect(catalog.source == server.url.absoluteString)
        #expect(catalog.map(\.id) == ["served", "served-2"])
    }

    @Test func httpErrorStatusNamesTheURL() async throws {
        let server = try LocalHTTPServer(status: 500, body: "oops", contentType: "text/plain")
        let error = await catchError { try await URLCatalogService(url: server.url, timeout: 5).load() }
        #expect(error == .httpStatus(url: server.url.absoluteString, status: 500))
        #expect(error?.description == "\(server.url.absoluteString): the server answered HTTP 500")
    }

    @Test func malformedBodyIsReportedAgainstTheURL() async throws {
        let server = try LocalHTTPServer(status: 200, body: "[1, 2")
        let error = await catchError { try await URLCatalogService(url: server.url, timeout: 5).load() }
        #expect(error?.description == "\(server.url.absoluteString): malformed JSON at line 1, column 6: unexpected end of data")
    }

    @Test func closedPortIsANetworkFailure() async throws {
        let url = URL(string: "http://127.0.0.1:\(LocalHTTPServer.closedPort())/catalog.json")!
        let started = ContinuousClock.now
        let error = await catchError { try await URLCatalogService(url: url, timeout: 5).load() }
        #expect(error == .network(url: url.absoluteString, reason: "connection refused"))
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}
