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

    private func upgrade(path: String, origin: String, extra: String = "") -> String {
        "GET \(path) HTTP/1.1\r\nHost: demo.example\r\nOrigin: \(origin)\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
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
