import Crypto
import NIOCore
import NIOSSH
@testable import ShojiSSH
import Testing

/// The server's AES-GCM: what one side encrypts the other decrypts, packet
/// after packet, and nothing altered gets through.
@Suite struct TransportProtectionTests {
    /// Two ends of one connection: the server's outbound keys are the client's inbound ones.
    private func pair(_ scheme: AdaptingTransportProtection.Type, keyBytes: Int) throws
        -> (server: AdaptingTransportProtection, client: AdaptingTransportProtection)
    {
        let toClient = SymmetricKey(size: .init(bitCount: keyBytes * 8))
        let toServer = SymmetricKey(size: .init(bitCount: keyBytes * 8))
        let ivToClient = (0..<12).map { _ in UInt8.random(in: 0...255) }
        let ivToServer = (0..<12).map { _ in UInt8.random(in: 0...255) }
        let mac = SymmetricKey(size: .bits128)
        let server = try scheme.init(initialKeys: NIOSSHSessionKeys(
            initialInboundIV: ivToServer, initialOutboundIV: ivToClient, inboundEncryptionKey: toServer,
            outboundEncryptionKey: toClient, inboundMACKey: mac, outboundMACKey: mac))
        let client = try scheme.init(initialKeys: NIOSSHSessionKeys(
            initialInboundIV: ivToClient, initialOutboundIV: ivToServer, inboundEncryptionKey: toClient,
            outboundEncryptionKey: toServer, inboundMACKey: mac, outboundMACKey: mac))
        return (server, client)
    }

    /// A packet as swift-nio-ssh hands it over: length, padding length, payload, padding.
    private func packet(_ payload: [UInt8]) -> ByteBuffer {
        var padding = 16 - (1 + payload.count) % 16
        if padding < 4 { padding += 16 }
        var buffer = ByteBuffer()
        buffer.writeInteger(UInt32(1 + payload.count + padding))
        buffer.writeInteger(UInt8(padding))
        buffer.writeBytes(payload)
        buffer.writeBytes([UInt8](repeating: 0, count: padding))
        return buffer
    }

    private func send(_ payload: [UInt8], from sender: AdaptingTransportProtection,
                      to receiver: AdaptingTransportProtection) throws -> [UInt8] {
        var wire = packet(payload)
        try sender.encryptPacket(&wire, sequenceNumber: 0)
        try receiver.decryptFirstBlock(&wire)
        var plain = try receiver.decryptAndVerifyRemainingPacket(&wire, sequenceNumber: 0)
        return plain.readBytes(length: plain.readableBytes)!
    }

    @Test(arguments: [(AdaptingAES128GCMProtection.self as AdaptingTransportProtection.Type, 16),
                      (AdaptingAES256GCMProtection.self, 32)])
    func packetsRoundTripInOrder(scheme: AdaptingTransportProtection.Type, keyBytes: Int) throws {
        let (server, client) = try pair(scheme, keyBytes: keyBytes)
        for size in [1, 11, 12, 27, 100, 32 * 1024] {
            let payload = [94] + (0..<size).map { UInt8(truncatingIfNeeded: $0) }
            #expect(try send(payload, from: server, to: client) == payload)
            #expect(try send(payload, from: client, to: server) == payload)
        }
    }

    @Test func anAlteredPacketIsRejected() throws {
        let (server, client) = try pair(AdaptingAES128GCMProtection.self, keyBytes: 16)
        var wire = packet([94, 1, 2, 3])
        try server.encryptPacket(&wire, sequenceNumber: 0)
        let last = wire.writerIndex - 1
        wire.setInteger(wire.getInteger(at: last, as: UInt8.self)! ^ 1, at: last)
        #expect(throws: (any Error).self) { _ = try client.decryptAndVerifyRemainingPacket(&wire, sequenceNumber: 0) }
    }

    /// A failure message naming `hostbased` leaves the server longer, as
    /// `keyboard-interactive`, and still decrypts to a whole packet.
    @Test func anAdaptedOutboundMessageIsRepaddedAndDecrypts() throws {
        let (server, client) = try pair(AdaptingAES256GCMProtection.self, keyBytes: 32)
        var names: [UInt8] = []
        WireWriter.append(string: Array("publickey,hostbased".utf8), to: &names)
        var expected: [UInt8] = []
        WireWriter.append(string: Array("publickey,keyboard-interactive".utf8), to: &expected)
        #expect(try send([51] + names + [0], from: server, to: client) == [51] + expected + [0])
        #expect(try send([94, 7], from: server, to: client) == [94, 7], "the nonces still agree")
    }

    @Test func anX11RequestArrivesWithoutItsData() throws {
        let (server, client) = try pair(AdaptingAES128GCMProtection.self, keyBytes: 16)
        var request: [UInt8] = [98, 0, 0, 0, 0]
        WireWriter.append(string: Array("x11-req".utf8), to: &request)
        let header = request + [1]
        request = header + [0, 0, 0, 0, 1, 0x41]
        #expect(try send(request, from: client, to: server) == header)
    }
}
