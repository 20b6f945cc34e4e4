import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
@testable import ShojiWeb

/// The connection's pipeline on an `EmbeddedChannel`: the page and its
/// assets, and every refusal of a session request (no app is started).
@Suite struct UpgradeTests {
    private static let token = "a-token-long-enough-1234"

    private func server(_ access: WebAppServer.Configuration.Access = .everyone, sessions: Int = 4) throws -> WebAppServer {
        var configuration = WebAppServer.Configuration(appName: "demo", appExecutable: "/bin/cat")
        configuration.access = access
        configuration.maximumSessions = sessions
        configuration.allowedHosts = ["demo.example"]
        return try WebAppServer(configuration: configuration, logger: Logger(label: "test"))
    }

    /// Sends `request` and returns the response's status line and body.
    private func exchange(_ server: WebAppServer, _ request: String) throws -> (status: String, text: String) {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "192.0.2.1", port: 40000)).wait()
        try server.initialize(channel)
        try channel.writeInbound(ByteBuffer(string: request))
        channel.embeddedEventLoop.run()
        var text = ""
        while let data = try channel.readOutbound(as: IOData.self) {
            guard case .byteBuffer(var buffer) = data else { continue }
            text += buffer.readString(length: buffer.readableBytes) ?? ""
        }
        _ = try? channel.finish()
        return (text.components(separatedBy: "\r\n").first ?? "", text)
    }

    private func upgrade(path: String, origin: String, host: String = "demo.example", extra: String = "") -> String {
        "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nOrigin: \(origin)\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
            + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\(extra)\r\n"
    }

    @Test func thePageAndItsAssetsAreServed() throws {
        let server = try server()
        defer { server.shutdown() }
        let page = try exchange(server, "GET / HTTP/1.1\r\nHost: demo.example\r\n\r\n")
        #expect(page.status == "HTTP/1.1 200 OK")
        #expect(page.text.contains("<script src=\"/xterm.js\"></script>"))
        let xterm = try exchange(server, "GET /xterm.js HTTP/1.1\r\nHost: demo.example\r\n\r\n")
        #expect(xterm.text.contains("window.Terminal = load('public/Terminal').Terminal"))
        let missing = try exchange(server, "GET /../../etc/passwd HTTP/1.1\r\nHost: demo.example\r\n\r\n")
        #expect(missing.status == "HTTP/1.1 404 Not Found")
        let post = try exchange(server, "POST / HTTP/1.1\r\nHost: demo.example\r\nContent-Length: 0\r\n\r\n")
        #expect(post.status == "HTTP/1.1 405 Method Not Allowed")
    }

    /// A connection on an `EmbeddedChannel` with the server's pipeline.
    private func connection(_ server: WebAppServer) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "192.0.2.1", port: 40000)).wait()
        try server.initialize(channel)
        return channel
    }

    /// The body buffers written so far (IOData from the response encoder).
    private func outbound(_ channel: EmbeddedChannel) throws -> [ByteBuffer] {
        var buffers: [ByteBuffer] = []
        while let data = try channel.readOutbound(as: IOData.self) {
            if case .byteBuffer(let buffer) = data { buffers.append(buffer) }
        }
        return buffers
    }

    @Test func aForeignHostIsRefusedOnEveryPath() throws {
        let server = try server()
        defer { server.shutdown() }
        // A rebinding page's requests name its own host.
        let page = try exchange(server, "GET / HTTP/1.1\r\nHost: evil.example:8080\r\n\r\n")
        #expect(page.status == "HTTP/1.1 421 Misdirected Request")
        #expect(!page.text.contains("<script"))
        let asset = try exchange(server, "GET /xterm.js HTTP/1.1\r\nHost: evil.example\r\n\r\n")
        #expect(asset.status == "HTTP/1.1 421 Misdirected Request")
        let session = try exchange(server, upgrade(path: "/session", origin: "http://evil.example:8080",
                                                   host: "evil.example:8080"))
        #expect(session.status == "HTTP/1.1 421 Misdirected Request")
        let none = try exchange(server, "GET / HTTP/1.0\r\n\r\n")
        #expect(none.status == "HTTP/1.0 400 Bad Request")
        #expect(try exchange(server, "GET / HTTP/1.1\r\nHost: localhost:8080\r\n\r\n").status == "HTTP/1.1 200 OK")
        #expect(try exchange(server, "GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n").status == "HTTP/1.1 200 OK")
        #expect(server.runningApps.isEmpty)
    }

    @Test func everyResponseSaysNoReferrer() throws {
        let server = try server(sessions: 0)
        defer { server.shutdown() }
        for request in ["GET / HTTP/1.1\r\nHost: demo.example\r\n\r\n",
                        "GET /nothing HTTP/1.1\r\nHost: demo.example\r\n\r\n",
                        "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n",
                        upgrade(path: "/session", origin: "http://evil.example"),
                        upgrade(path: "/session", origin: "http://demo.example")] {
            let response = try exchange(server, request)
            #expect(response.text.lowercased().contains("\r\nreferrer-policy: no-referrer\r\n"), "\(response.status)")
        }
    }

    @Test func pipelinedRequestsWaitWhileOutputIsAboveItsBound() throws {
        let server = try server()
        defer { server.shutdown() }
        let channel = try connection(server)
        defer { _ = try? channel.finish() }
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        let request = "GET /xterm.js HTTP/1.1\r\nHost: demo.example\r\n\r\n"
        try channel.writeInbound(ByteBuffer(string: String(repeating: request, count: 3)))
        #expect(try outbound(channel).isEmpty)
        // Drained: one response at a time, each once the one before has left.
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        let bodies = try outbound(channel).filter { $0.readableBytes > 100_000 }
        #expect(bodies.count == 3)
        // Every response shares the one buffer of xterm.js: no copy per response.
        let addresses = bodies.map { $0.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) } }
        #expect(Set(addresses).count == 1)
    }

    @Test func aConnectionThatStopsReadingIsClosedAfterTheWriteTimeout() throws {
        var configuration = WebAppServer.Configuration(appName: "demo", appExecutable: "/bin/cat")
        configuration.writeTimeout = 30
        configuration.requestTimeout = 1000  // the request timeout, its own clock, out of the way
        let server = try WebAppServer(configuration: configuration, logger: Logger(label: "test"))
        defer { server.shutdown() }
        let channel = try connection(server)
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(channel.isActive)
        // Drained in time: the clock starts again at the next stall.
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!channel.isActive)
    }

    @Test func aForeignOriginIsRefusedBeforeAnyApp() throws {
        let server = try server()
        defer { server.shutdown() }
        let response = try exchange(server, upgrade(path: "/session", origin: "http://evil.example"))
        #expect(response.status == "HTTP/1.1 403 Forbidden")
        #expect(server.runningApps.isEmpty)
    }

    @Test func aWrongOrMissingTokenIsRefused() throws {
        let server = try server(.token(Self.token))
        defer { server.shutdown() }
        let wrong = try exchange(server, upgrade(path: "/session?token=guess", origin: "http://demo.example"))
        #expect(wrong.status == "HTTP/1.1 401 Unauthorized")
        let missing = try exchange(server, upgrade(path: "/session", origin: "http://demo.example"))
        #expect(missing.status == "HTTP/1.1 401 Unauthorized")
        #expect(server.runningApps.isEmpty)
    }

    @Test func theRightTokenAndOriginUpgrade() throws {
        // No session place: the socket is upgraded, then closed with a
        // close frame saying why (the embedded loop cannot run a pty).
        let server = try server(.token(Self.token), sessions: 0)
        defer { server.shutdown() }
        let response = try exchange(server, upgrade(path: "/session", origin: "http://demo.example",
                                                    extra: "Authorization: Bearer \(Self.token)\r\n"))
        #expect(response.status == "HTTP/1.1 101 Switching Protocols")
        #expect(response.text.contains("the server is full"))
        #expect(server.runningApps.isEmpty)
    }
}
