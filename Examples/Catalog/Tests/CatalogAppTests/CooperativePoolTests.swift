import Foundation
import ShojiEndToEnd
import Testing
@testable import CatalogDownload
@testable import CatalogModel

/// Nothing waits on Swift's cooperative threads (as many as there are
/// cores): a download is done, and its deadline kept, on the HTTP client's
/// event loop, and the end-to-end kit's waits sleep with `Task.sleep`.
/// Serialized: the first test holds every cooperative thread on purpose,
/// which would hold up the others' waits.
@Suite(.serialized) struct CooperativePoolTests {
    /// The server answers 0.3 s after the request, with 4 MB (more than the
    /// client buffers unread), while every cooperative thread is held for
    /// 3 s; the deadline is 2 s. Done on the pool, the body waits for a
    /// thread until after the deadline, which a timer on the pool then wins;
    /// done on the event loop, it is all read by about 0.4 s.
    @Test func aQuickDownloadBesideABlockedPoolIsNotTimedOut() async throws {
        let body = String(repeating: " ", count: 4_000_000) + #"[{"name": "Padded"}]"#
        let server = try LocalHTTPServer(status: 200, body: body, answeringAfter: 0.3)
        let download = Task { try await URLCatalogService(url: server.url, timeout: 2).load() }
        // Long enough for the request to leave; the pool is free meanwhile.
        try await Task.sleep(for: .milliseconds(300))
        let blocked = holdEveryCooperativeThread(seconds: 3)

        let result = await download.result
        await blocked.value
        #expect(throws: Never.self) { try result.get() }
        #expect((try? result.get())?.map(\.id) == ["padded"])
    }

    /// More terminal waits than there are cooperative threads are all under
    /// way at once: each began before any ended. Waits that slept holding
    /// their thread would run two at a time on two cores.
    @Test func terminalWaitsRunTogether() async throws {
        let spans = try await concurrently(Self.moreThanThePool) {
            let terminal = try TmuxTerminal()
            let start = ContinuousClock.now
            _ = try? await terminal.waitFor(timeout: 3) { _ in false }
            return (start, ContinuousClock.now)
        }
        #expect(Self.beganBeforeTheFirstEnded(spans) == spans.count)
    }

    /// The same for stopping processes that ignore SIGTERM, each waited out
    /// for its whole patience before SIGKILL.
    @Test func processStopsRunTogether() async throws {
        let spans = try await concurrently(Self.moreThanThePool) {
            let process = try BackgroundProcess("/bin/sh", ["-c", "trap '' TERM; exec sleep 30"])
            try await Task.sleep(for: .milliseconds(300))  // until the trap is set
            let start = ContinuousClock.now
            let status = await process.stop(patience: 3)
            #expect(status == 128 + SIGKILL)
            return (start, ContinuousClock.now)
        }
        #expect(Self.beganBeforeTheFirstEnded(spans) == spans.count)
    }

    private static var moreThanThePool: Int { 2 * ProcessInfo.processInfo.activeProcessorCount + 1 }

    /// How many spans began before the first one ended: all of them when
    /// they ran together.
    static func beganBeforeTheFirstEnded(_ spans: [(ContinuousClock.Instant, ContinuousClock.Instant)]) -> Int {
        guard let firstEnd = spans.map(\.1).min() else { return 0 }
        return spans.count(where: { $0.0 < firstEnd })
    }

    /// Runs `count` copies of `body` as child tasks and collects what they return.
    private func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable () async throws -> T)
        async throws -> [T]
    {
        try await withThrowingTaskGroup(of: T.self) { group in
            for _ in 0..<count { group.addTask(operation: body) }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// Starts one task per cooperative thread, each blocking its thread in
    /// `usleep` for `seconds` (a stand-in for any synchronous wait on the
    /// pool); the returned task ends when they all have.
    private func holdEveryCooperativeThread(seconds: Double) -> Task<Void, Never> {
        let holders = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached { _ = usleep(UInt32(seconds * 1_000_000)) }
        }
        return Task { for holder in holders { await holder.value } }
    }
}
