import Foundation
import Testing
@testable import CatalogApp
@testable import CatalogDownload
@testable import CatalogModel
@testable import CatalogPresenters

/// The deadline of a download whose test is not about the deadline: a few
/// seconds, against a local server that answers in milliseconds. Tight is
/// safe because the download and its deadline run on the HTTP client's event
/// loop, not on the cooperative threads the rest of the suite may hold
/// (`CooperativePoolTests` shows it).
let tightDeadline: Double = 5

@Suite struct URLCatalogServiceTests {
    @Test func loadsJSONFromTheServer() async throws {
        let server = try LocalHTTPServer(status: 200, body: #"[{"name": "Served"}, {"name": "Served"}]"#)
        let catalog = try await URLCatalogService(url: server.url, timeout: tightDeadline).load()
        #expect(catalog.source == server.url.absoluteString)
        #expect(catalog.map(\.id) == ["served", "served-2"])
    }

    @Test func httpErrorStatusNamesTheURL() async throws {
        let server = try LocalHTTPServer(status: 500, body: "oops", contentType: "text/plain")
        let error = await catchError { try await URLCatalogService(url: server.url, timeout: tightDeadline).load() }
        #expect(error == .httpStatus(url: server.url.absoluteString, status: 500))
        #expect(error?.description == "\(server.url.absoluteString): the server answered HTTP 500")
    }

    @Test func malformedBodyIsReportedAgainstTheURL() async throws {
        let server = try LocalHTTPServer(status: 200, body: "[1, 2")
        let error = await catchError { try await URLCatalogService(url: server.url, timeout: tightDeadline).load() }
        #expect(error?.description == "\(server.url.absoluteString): malformed JSON at line 1, column 6: unexpected end of data")
    }

    /// The refusal must come before the deadline, which the error itself
    /// shows (waiting it out would be `.timedOut`). No bound on wall time:
    /// on 2 busy cores the test process alone can stall for seconds.
    @Test func closedPortIsANetworkFailure() async throws {
        let url = URL(string: "http://127.0.0.1:\(LocalHTTPServer.closedPort())/catalog.json")!
        let error = await catchError { try await URLCatalogService(url: url, timeout: tightDeadline).load() }
        #expect(error == .network(url: url.absoluteString, reason: "connection refused"))
    }
}

/// Servers that stall or reset: the load ends within its timeout (here a
/// short one) with an error the alert can show, never a hang. The servers
/// hold out for a minute, so a load that waits for them is plain to see;
/// the bounds on wall time are loose because on 2 busy cores a test can
/// wait seconds for a thread.
@Suite struct HostileServerTests {
    @Test(arguments: [LocalHTTPServer.Misbehaviour.neverAnswers, .stallsAfterHeaders, .trickles])
    func aStalledServerTimesOut(_ misbehaviour: LocalHTTPServer.Misbehaviour) async throws {
        let server = try LocalHTTPServer(misbehaving: misbehaviour, holding: 60)
        let started = ContinuousClock.now
        let error = await catchError { try await URLCatalogService(url: server.url, timeout: 1).load() }
        #expect(error == .timedOut(url: server.url.absoluteString, seconds: 1))
        #expect(error?.description == "\(server.url.absoluteString): no complete answer within 1 s (timed out)")
        // Half the server's hold: a load that waited for it would take 60 s.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    /// As for a closed port: the error, not the wall time, shows the reset
    /// was not waited out.
    @Test func aResetConnectionIsANetworkFailure() async throws {
        let server = try LocalHTTPServer(misbehaving: .resets)
        let error = await catchError { try await URLCatalogService(url: server.url, timeout: tightDeadline).load() }
        #expect(error == .network(url: server.url.absoluteString, reason: "the connection was lost"))
    }
}

extension HostileServerTests {
    /// A body over the cap is refused while it arrives: from its announced
    /// length, or when the bytes pass the cap.
    @Test func aBodyOverTheCapIsRefusedAsItArrives() async throws {
        let body = String(repeating: " ", count: 5_000) + "[]"
        let announced = try LocalHTTPServer(status: 200, body: body)
        let error = await catchError { try await URLCatalogService(url: announced.url, timeout: tightDeadline, limit: 4_096).load() }
        #expect(error == .tooLarge(source: announced.url.absoluteString, byteCount: 5_002, limit: 4_096))

        // Refused as the bytes arrive, not at the deadline: the error says
        // so (a deadline passed would be `.timedOut`).
        let endless = try LocalHTTPServer(misbehaving: .endlessBody, holding: 300)
        let overflow = await catchError {
            try await URLCatalogService(url: endless.url, timeout: tightDeadline, limit: 1 << 20).load()
        }
        guard case .tooLarge(let source, let byteCount, let limit) = overflow else {
            Issue.record("expected tooLarge, got \(String(describing: overflow))")
            return
        }
        #expect(source == endless.url.absoluteString)
        #expect(limit == 1 << 20 && byteCount > limit)
    }
}
