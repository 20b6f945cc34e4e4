import Logging
import NIOCore
import NIOEmbedded
@testable import ShojiSSH
import Testing

/// The PROXY protocol header a balancer puts before the client's bytes.
@Suite struct ProxyHeaderTests {
    private static let v2Signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]

    /// A v2 PROXY header over TCP/IPv4 from `source`.
    static func version2(from source: [UInt8], port: UInt16 = 51234) -> [UInt8] {
        v2Signature + [0x21, 0x11, 0x00, 12] + source + [127, 0, 0, 1] + [UInt8(port >> 8), UInt8(port & 0xFF), 0x08, 0xAE]
    }

    @Test func version1NamesTheClientAndItsLength() {
        let line = Array("PROXY TCP4 203.0.113.7 127.0.0.1 51234 2222\r\n".utf8)
        #expect(ProxyHeader.parse(line + Array("SSH-2.0-OpenSSH".utf8)) == .complete(source: "203.0.113.7", length: line.count))
        #expect(ProxyHeader.parse(Array("PROXY TCP6 2001:db8::1 ::1 1 2\r\n".utf8)) == .complete(source: "2001:db8::1", length: 32))
        #expect(ProxyHeader.parse(Array("PROXY UNKNOWN\r\n".utf8)) == .complete(source: nil, length: 15))
    }

    @Test func version2NamesTheClientOverIPv4AndIPv6() {
        let header = Self.version2(from: [198, 51, 100, 9])
        #expect(ProxyHeader.parse(header + [0x53, 0x53, 0x48]) == .complete(source: "198.51.100.9", length: 28))
        let ipv6 = Self.v2Signature + [0x21, 0x21, 0x00, 36] + [0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [1]
            + [UInt8](repeating: 0, count: 15) + [1] + [0, 1, 0, 2]
        #expect(ProxyHeader.parse(ipv6) == .complete(source: "2001:db8::1", length: 52))
        // LOCAL: the balancer's health check.
        #expect(ProxyHeader.parse(Self.v2Signature + [0x20, 0x00, 0x00, 0x00]) == .complete(source: nil, length: 16))
    }

    /// The v1 source is text anyone reaching the port may write: only an
    /// address gets through to the logs and the app's environment.
    @Test func aVersion1SourceThatIsNoAddressIsRefused() {
        for source in ["evil\u{1B}]2;PWNED\u{07}", "203.0.113.7\u{1B}[31m", "example.com", "203.0.113.256", "::g"] {
            let header = Array("PROXY TCP4 \(source) 127.0.0.1 51234 2222\r\n".utf8)
            #expect(ProxyHeader.parse(header) == .invalid("PROXY v1 source is not an IP address"), "\(source)")
        }
        let mapped = Array("PROXY TCP6 ::ffff:192.0.2.1 ::1 1 2\r\n".utf8)
        #expect(ProxyHeader.parse(mapped) == .complete(source: "192.0.2.1", length: mapped.count))
    }

    @Test func aHeaderCutAnywhereIsIncomplete() {
        let v1 = Array("PROXY TCP4 203.0.113.7 127.0.0.1 51234 2222\r\n".utf8)
        let v2 = Self.version2(from: [198, 51, 100, 9])
        for header in [v1, v2] {
            for cut in 0..<header.count { #expect(ProxyHeader.parse(header.prefix(cut)) == .incomplete, "cut at \(cut)") }
        }
    }

    @Test func aClientThatDidNotComeThroughTheBalancerIsRefused() {
        #expect(ProxyHeader.parse(Array("SSH-2.0-OpenSSH_9.2\r\n".utf8))
            == .invalid("no PROXY protocol header (is the server behind a balancer that sends one?)"))
        #expect(ProxyHeader.parse(Array("PROXY TCP4 1.2.3.4\r\n".utf8)) == .invalid("malformed PROXY v1 line"))
        #expect(ProxyHeader.parse(Array(("PROXY TCP4 " + String(repeating: "9", count: 120)).utf8))
            == .invalid("PROXY v1 line longer than 107 bytes"))
        #expect(ProxyHeader.parse(Self.v2Signature + [0x31, 0x11, 0, 0]) == .invalid("PROXY v2 header of an unknown version"))
    }
}

/// The handler that reads the header, then gets out of the way.
@Suite struct ProxyProtocolHandlerTests {
    /// Records `channelActive` and what is read after the header.
    final class Downstream: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        var activated = 0
        var bytes: [UInt8] = []
        func channelActive(context: ChannelHandlerContext) { activated += 1 }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            bytes += Array(unwrapInboundIn(data).readableBytesView)
        }
    }

    @Test func theClientsAddressIsAcceptedAndItsBytesPassOnWithoutTheHeader() throws {
        let channel = EmbeddedChannel()
        let downstream = Downstream()
        var accepted: [String] = []
        let handler = ProxyProtocolHandler(balancer: "10.0.0.2", deadline: .seconds(5), logger: Logger(label: "test")) { peer in
            accepted.append(peer)
            try channel.pipeline.syncOperations.addHandler(downstream)
        }
        try channel.pipeline.syncOperations.addHandler(handler)
        try channel.connect(to: SocketAddress(ipAddress: "10.0.0.2", port: 2222)).wait()
        let header = ProxyHeaderTests.version2(from: [198, 51, 100, 9])
        // The header split across two reads, the client's first bytes in the second.
        try channel.writeInbound(ByteBuffer(bytes: header.prefix(10)))
        #expect(accepted.isEmpty)
        try channel.writeInbound(ByteBuffer(bytes: header.dropFirst(10) + Array("SSH-2.0".utf8)))
        #expect(accepted == ["198.51.100.9"])
        #expect(downstream.activated == 1)
        #expect(downstream.bytes == Array("SSH-2.0".utf8))
        #expect(throws: ChannelPipelineError.notFound) { try channel.pipeline.syncOperations.context(handler: handler) }
        try channel.writeInbound(ByteBuffer(bytes: Array("-more".utf8)))
        #expect(downstream.bytes == Array("SSH-2.0-more".utf8))
        _ = try channel.finish()
    }

    @Test func aConnectionWithoutTheHeaderIsClosed() throws {
        let channel = EmbeddedChannel()
        var accepted: [String] = []
        try channel.pipeline.syncOperations.addHandler(
            ProxyProtocolHandler(balancer: "10.0.0.2", deadline: .seconds(5), logger: Logger(label: "test")) { accepted.append($0) })
        try channel.connect(to: SocketAddress(ipAddress: "10.0.0.2", port: 2222)).wait()
        try channel.writeInbound(ByteBuffer(bytes: Array("SSH-2.0-OpenSSH_9.2\r\n".utf8)))
        #expect(!channel.isActive)
        #expect(accepted.isEmpty)
        _ = try? channel.finish(acceptAlreadyClosed: true)
    }

    @Test func aConnectionThatSendsNoHeaderInTimeIsClosed() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            ProxyProtocolHandler(balancer: "10.0.0.2", deadline: .seconds(5), logger: Logger(label: "test")) { _ in })
        try channel.connect(to: SocketAddress(ipAddress: "10.0.0.2", port: 2222)).wait()
        channel.embeddedEventLoop.advanceTime(by: .seconds(4))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!channel.isActive)
        _ = try? channel.finish(acceptAlreadyClosed: true)
    }

    /// A refused address (its limit reached) closes the connection.
    @Test func aRefusedClientIsClosed() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            ProxyProtocolHandler(balancer: "10.0.0.2", deadline: .seconds(5), logger: Logger(label: "test")) { _ in
                throw ChannelError.inputClosed
            })
        try channel.connect(to: SocketAddress(ipAddress: "10.0.0.2", port: 2222)).wait()
        try channel.writeInbound(ByteBuffer(bytes: ProxyHeaderTests.version2(from: [198, 51, 100, 9])))
        #expect(!channel.isActive)
        _ = try? channel.finish(acceptAlreadyClosed: true)
    }
}
