import Logging
import NIOCore
import NIOEmbedded
import Testing
@testable import ShojiWeb

/// Connections that are not sessions yet, on `EmbeddedChannel`s with the
/// server's own pipeline (findings C of issue 49: a request timer reset by
/// every byte, and no per-address maximum below the total, let 17
/// addresses hold all 512 places).
@Suite struct RequestTimeoutHandlerTests {
    private func server() throws -> WebAppServer {
        let configuration = WebAppServer.Configuration(appName: "demo", appExecutable: "/bin/cat")
        return try WebAppServer(configuration: configuration, logger: Logger(label: "test"))
    }

    private func connection(_ server: WebAppServer, from address: String = "192.0.2.1") throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: address, port: 40000)).wait()
        try server.initialize(channel)
        return channel
    }

    /// The whole head within the request timeout (10 s): a byte a second does not extend it.
    @Test func aHeadSentAByteAtATimeIsClosedAtTheDeadline() throws {
        let server = try server()
        defer { server.shutdown() }
        let channel = try connection(server)
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n"))
        for _ in 0..<9 {
            channel.embeddedEventLoop.advanceTime(by: .seconds(1))
            try channel.writeInbound(ByteBuffer(string: "X"))
        }
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(900))
        #expect(channel.isActive, "closed before the deadline")
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!channel.isActive, "a trickling head outlived the request deadline")
    }

    /// After an answer the next head has the whole timeout again (a
    /// browser's keep-alive connection), and a whole head stops the clock.
    @Test func eachAnswerGivesTheNextHeadTheWholeTimeout() throws {
        let server = try server()
        defer { server.shutdown() }
        let channel = try connection(server)
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        channel.embeddedEventLoop.advanceTime(by: .seconds(8))
        try channel.writeInbound(ByteBuffer(string: "GET /favicon.ico HTTP/1.1\r\nHost: localhost\r\n\r\n"))
        channel.embeddedEventLoop.run()
        var answer = ""
        while let data = try channel.readOutbound(as: IOData.self) {
            if case .byteBuffer(var buffer) = data { answer += buffer.readString(length: buffer.readableBytes) ?? "" }
        }
        #expect(answer.hasPrefix("HTTP/1.1 204"))
        channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        #expect(channel.isActive, "the answer did not give the next head its time")
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!channel.isActive)
    }

    /// Pending connections from one address stop at its maximum (8), far
    /// below the total; another address is still let in, and a closed one frees its place.
    @Test func pendingConnectionsStopAtTheirMaximumPerAddress() throws {
        let server = try server()
        defer { server.shutdown() }
        var open: [EmbeddedChannel] = []
        for _ in 0..<8 { open.append(try connection(server, from: "192.0.2.7")) }
        #expect(open.allSatisfy { $0.isActive })
        let ninth = try connection(server, from: "192.0.2.7")
        #expect(!ninth.isActive, "a ninth pending connection from one address was let in")
        let other = try connection(server, from: "192.0.2.8")
        #expect(other.isActive)
        _ = try open.removeLast().finish(acceptAlreadyClosed: true)
        let again = try connection(server, from: "192.0.2.7")
        #expect(again.isActive, "a closed connection did not free its place")
        for channel in open + [ninth, other, again] { _ = try? channel.finish(acceptAlreadyClosed: true) }
    }
}
