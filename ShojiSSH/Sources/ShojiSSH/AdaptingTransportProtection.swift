import Crypto
import Foundation
import NIOCore
import NIOSSH

/// The server's packet encryption: AES-GCM as OpenSSH does it
/// (`aes128-gcm@openssh.com`, `aes256-gcm@openssh.com`, the two ciphers
/// swift-nio-ssh offers), plus a `SSHMessageAdapter` between the bytes and
/// swift-nio-ssh's parser.
///
/// Why a transport of our own: this is the only place where the server sees
/// a message before swift-nio-ssh 0.15.1 parses it, and its parser drops the
/// whole connection on a channel request it does not know that carries data
/// (`ssh -X` sends `x11-req` with a cookie). The adapter reshapes such
/// messages into ones the library answers politely; see its documentation.
///
/// The construction follows RFC 5647 as OpenSSH uses it: the 4-byte length
/// is sent in the clear and authenticated as associated data; the 12-byte
/// nonce is a fixed 4-byte field and a 64-bit big-endian counter that
/// advances once per packet; the padding makes the encrypted part a
/// multiple of 16 bytes; the 16-byte tag follows the ciphertext.
class AdaptingTransportProtection {
    /// What the server offers, strongest first, like swift-nio-ssh's own list.
    static var schemes: [NIOSSHTransportProtection.Type] {
        [AdaptingAES256GCMProtection.self, AdaptingAES128GCMProtection.self]
    }

    private var inboundKey: SymmetricKey
    private var outboundKey: SymmetricKey
    private var inboundNonce: GCMNonce
    private var outboundNonce: GCMNonce

    class var cipherName: String { fatalError("a subclass names its cipher") }
    class var encryptionKeyBytes: Int { fatalError("a subclass sizes its key") }

    required init(initialKeys: NIOSSHSessionKeys) throws {
        (inboundKey, outboundKey, inboundNonce, outboundNonce) = try Self.checked(initialKeys)
    }

    private static func checked(_ keys: NIOSSHSessionKeys) throws
        -> (SymmetricKey, SymmetricKey, GCMNonce, GCMNonce)
    {
        guard keys.inboundEncryptionKey.bitCount == encryptionKeyBytes * 8,
              keys.outboundEncryptionKey.bitCount == encryptionKeyBytes * 8 else {
            throw TransportError("wrong key size for \(cipherName)")
        }
        return (keys.inboundEncryptionKey, keys.outboundEncryptionKey,
                try GCMNonce(keys.initialInboundIV), try GCMNonce(keys.initialOutboundIV))
    }
}

extension AdaptingTransportProtection: NIOSSHTransportProtection {
    static var macName: String? { nil }
    static var cipherBlockSize: Int { 16 }
    static var keySizes: ExpectedKeySizes {
        ExpectedKeySizes(ivSize: 12, encryptionKeySize: encryptionKeyBytes, macKeySize: 16)
    }

    var macBytes: Int { 16 }
    var lengthEncrypted: Bool { false }

    func updateKeys(_ newKeys: NIOSSHSessionKeys) throws {
        (inboundKey, outboundKey, inboundNonce, outboundNonce) = try Self.checked(newKeys)
    }

    /// The length is in the clear: nothing to do.
    func decryptFirstBlock(_ source: inout ByteBuffer) throws {}

    func decryptAndVerifyRemainingPacket(_ source: inout ByteBuffer, sequenceNumber: UInt32) throws -> ByteBuffer {
        guard source.readableBytes >= 4 + 16 + macBytes,
              let length = source.readSlice(length: 4),
              let ciphertext = source.readSlice(length: source.readableBytes - macBytes),
              let tag = source.readSlice(length: macBytes),
              ciphertext.readableBytes % Self.cipherBlockSize == 0 else {
            throw TransportError("encrypted packet of a length AES-GCM cannot have")
        }
        let box = try AES.GCM.SealedBox(nonce: inboundNonce.current(), ciphertext: ciphertext.readableBytesView,
                                        tag: tag.readableBytesView)
        let plaintext = try AES.GCM.open(box, using: inboundKey, authenticating: length.readableBytesView)
        inboundNonce.advance()
        // padding length, payload, padding
        guard let paddingLength = plaintext.first.map(Int.init), paddingLength >= 4,
              paddingLength + 1 <= plaintext.count else {
            throw TransportError("packet padding out of range")
        }
        let payload = plaintext[plaintext.startIndex + 1 ..< plaintext.endIndex - paddingLength]
        guard let type = payload.first, SSHMessageAdapter.mayAdapt(inbound: type) else {
            return ByteBuffer(bytes: payload)  // channel data, mostly: as it came
        }
        return ByteBuffer(bytes: SSHMessageAdapter.inbound(Array(payload)))
    }

    func encryptPacket(_ destination: inout ByteBuffer, sequenceNumber: UInt32) throws {
        let start = destination.readerIndex
        if let adapted = Self.adaptedOutbound(destination) {
            destination.moveWriterIndex(to: start)
            destination.writeBytes(adapted)
        }
        let encryptedLength = destination.readableBytes - 4
        let sealed = try AES.GCM.seal(destination.viewBytes(at: start + 4, length: encryptedLength)!,
                                      using: outboundKey, nonce: outboundNonce.current(),
                                      authenticating: destination.viewBytes(at: start, length: 4)!)
        outboundNonce.advance()
        destination.setContiguousBytes(sealed.ciphertext, at: start + 4)
        destination.writeContiguousBytes(sealed.tag)
    }

    /// The whole packet again (length, padding length, payload, padding)
    /// when the adapter changed its payload; nil when it did not.
    private static func adaptedOutbound(_ packet: ByteBuffer) -> [UInt8]? {
        // Most packets are channel data: look at the type before copying anything.
        guard let type = packet.getInteger(at: packet.readerIndex + 5, as: UInt8.self),
              SSHMessageAdapter.mayAdapt(outbound: type),
              let paddingLength = packet.getInteger(at: packet.readerIndex + 4, as: UInt8.self),
              let payload = packet.getBytes(at: packet.readerIndex + 5,
                                            length: packet.readableBytes - 5 - Int(paddingLength)),
              let adapted = SSHMessageAdapter.outbound(payload) else { return nil }
        // At least 4 bytes of padding, and the encrypted part a whole number of blocks.
        var padding = cipherBlockSize - (1 + adapted.count) % cipherBlockSize
        if padding < 4 { padding += cipherBlockSize }
        let length = UInt32(1 + adapted.count + padding)
        var packet = withUnsafeBytes(of: length.bigEndian, Array.init)
        packet.append(UInt8(padding))
        packet += adapted
        packet += (0..<padding).map { _ in UInt8.random(in: .min ... .max) }
        return packet
    }
}

final class AdaptingAES128GCMProtection: AdaptingTransportProtection {
    override static var cipherName: String { "aes128-gcm@openssh.com" }
    override static var encryptionKeyBytes: Int { 16 }
}

final class AdaptingAES256GCMProtection: AdaptingTransportProtection {
    override static var cipherName: String { "aes256-gcm@openssh.com" }
    override static var encryptionKeyBytes: Int { 32 }
}

/// RFC 5647's nonce: a fixed field and a 64-bit invocation counter.
private struct GCMNonce {
    private let fixed: [UInt8]
    private var counter: UInt64

    init(_ initial: [UInt8]) throws {
        guard initial.count == 12 else { throw TransportError("AES-GCM needs a 12-byte IV") }
        fixed = Array(initial[0..<4])
        counter = initial[4..<12].reduce(0) { $0 << 8 | UInt64($1) }
    }

    func current() throws -> AES.GCM.Nonce {
        try AES.GCM.Nonce(data: fixed + withUnsafeBytes(of: counter.bigEndian, Array.init))
    }

    /// Overflow wraps, as the RFC allows (a rekey comes long before).
    mutating func advance() {
        counter &+= 1
    }
}

struct TransportError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
