/// Reshapes the few SSH messages swift-nio-ssh 0.15.1 cannot take as they
/// are, just after decryption (client to server) and just before
/// encryption (server to client). Everything else passes untouched.
///
/// - **Channel requests it cannot parse** (`x11-req`, sent by `ssh -X` or
///   `ForwardX11 yes`; any other with data): the library reads the request's
///   type, finds bytes left over, and closes the connection. The adapter
///   drops the request's data, so the library sees an unknown request and
///   answers the client with a failure ("X11 forwarding request failed")
///   while the session goes on.
/// - **Channel requests that want a reply the library cannot give**
///   (`window-change`, `xon-xoff` and `signal` with want-reply set; RFC
///   4254 sends them without): the library reads them without the flag, so
///   the client waited for an answer that never came. The adapter renames
///   such a request (`window-change@want-reply`) and drops its data, so the
///   library answers it with a failure and it changes nothing.
/// - **Channel opens of a type it cannot parse** (`direct-streamlocal@openssh.com`
///   from `ssh -L PORT:/path.sock`, `x11`, `auth-agent@openssh.com`, any
///   made-up type): the library drops the whole connection. The adapter
///   turns it into a `direct-tcpip` open whose host is
///   `unknownChannelMarker` and the original type, which the server refuses
///   (the client gets an open failure, naming the type in the log) while
///   its sessions go on.
/// - **Keyboard-interactive without questions**, for public mode: OpenSSH
///   tries `none` first, so a server that accepted `none` never saw a key.
///   Public mode now refuses `none` and offers `publickey` (any key gets
///   in, a listed or linked one as its account) and `keyboard-interactive`,
///   which a client without a key uses and which the server answers with
///   success at once, asking nothing (as Wish's public apps do). The
///   library knows neither the method name nor the request, so the server
///   asks for `hostbased` (a method it never serves), the adapter renames it
///   `keyboard-interactive` on the way out, and turns a client's
///   `keyboard-interactive` request into a `none` request whose user name
///   carries `keyboardInteractiveMarker`, which `Authenticator` recognises.
///   A client forging the marker in a `none` request gains nothing: it is
///   only honoured where keyboard-interactive itself would be.
enum SSHMessageAdapter {
    /// Put before the user name of a keyboard-interactive request turned
    /// into `none`. A NUL never appears in a user name a person typed.
    static let keyboardInteractiveMarker = "\u{0}keyboard-interactive\u{0}"

    /// Put before the type of a channel open the library cannot parse, as
    /// the host of the `direct-tcpip` open it becomes.
    static let unknownChannelMarker = "\u{0}unknown-channel\u{0}"

    /// The longest channel type kept in that host (a type is for the log only).
    private static let keptChannelType = 64

    private static let userAuthRequest: UInt8 = 50
    private static let userAuthFailure: UInt8 = 51
    private static let channelRequest: UInt8 = 98
    private static let channelOpen: UInt8 = 90

    /// The channel types swift-nio-ssh 0.15.1 parses.
    private static let parsedChannelTypes: Set<String> = ["session", "direct-tcpip", "forwarded-tcpip"]

    /// Requests the library reads without their want-reply flag.
    private static let requestsWithoutReply: Set<String> = ["window-change", "xon-xoff", "signal"]

    /// The channel requests swift-nio-ssh 0.15.1 reads whole.
    private static let parsedChannelRequests: Set<String> = [
        "exec", "exit-status", "env", "exit-signal", "pty-req", "shell", "subsystem", "window-change",
        "xon-xoff", "signal",
    ]

    /// Whether a client's message of this type may need adapting; most do not.
    static func mayAdapt(inbound type: UInt8) -> Bool {
        type == channelRequest || type == userAuthRequest || type == channelOpen
    }

    /// Whether a server's message of this type may need adapting.
    static func mayAdapt(outbound type: UInt8) -> Bool {
        type == userAuthFailure
    }

    /// A client's message as the library may read it.
    static func inbound(_ payload: [UInt8]) -> [UInt8] {
        switch payload.first {
        case channelRequest: adaptedChannelRequest(payload) ?? payload
        case userAuthRequest: adaptedUserAuthRequest(payload) ?? payload
        case channelOpen: adaptedChannelOpen(payload) ?? payload
        default: payload
        }
    }

    /// The server's message as the client should read it, or nil when unchanged.
    static func outbound(_ payload: [UInt8]) -> [UInt8]? {
        guard payload.first == userAuthFailure else { return nil }
        var reader = WireReader(payload, from: 1)
        guard let methods = reader.string(), let partialSuccess = reader.byte(), reader.isAtEnd else { return nil }
        let names = methods.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true).map(Array.init)
        guard names.contains(Array("hostbased".utf8)) else { return nil }
        let renamed = names.map { $0 == Array("hostbased".utf8) ? Array("keyboard-interactive".utf8) : $0 }
        var message: [UInt8] = [userAuthFailure]
        WireWriter.append(string: Array(renamed.joined(separator: [UInt8(ascii: ",")])), to: &message)
        message.append(partialSuccess)
        return message
    }

    /// `byte 98, uint32 channel, string type, bool want-reply, ...`: an
    /// unknown type loses its data; a request the library reads without
    /// its want-reply is renamed too, so the library answers it.
    private static func adaptedChannelRequest(_ payload: [UInt8]) -> [UInt8]? {
        var reader = WireReader(payload, from: 1)
        guard reader.skip(4), let type = reader.string(), let wantReply = reader.byte() else { return nil }
        let name = String(decoding: type, as: UTF8.self)
        if wantReply != 0, requestsWithoutReply.contains(name) {
            var message = Array(payload[0..<5])
            WireWriter.append(string: Array((name + "@want-reply").utf8), to: &message)
            message.append(wantReply)
            return message
        }
        guard !reader.isAtEnd, !parsedChannelRequests.contains(name) else { return nil }
        return Array(payload[..<reader.offset])
    }

    /// `byte 90, string type, uint32 sender, uint32 window, uint32 packet
    /// size, ...`: an unknown type becomes `direct-tcpip` to the marked host
    /// (RFC 4254 §7.2: `string host, uint32 port, string originator, uint32
    /// originator port`).
    private static func adaptedChannelOpen(_ payload: [UInt8]) -> [UInt8]? {
        var reader = WireReader(payload, from: 1)
        guard let type = reader.string(), !parsedChannelTypes.contains(String(decoding: type, as: UTF8.self)),
              reader.skip(12) else { return nil }
        var message: [UInt8] = [channelOpen]
        WireWriter.append(string: Array("direct-tcpip".utf8), to: &message)
        message += payload[(reader.offset - 12)..<reader.offset]
        WireWriter.append(string: Array(unknownChannelMarker.utf8) + type.prefix(keptChannelType), to: &message)
        message += [0, 0, 0, 0]
        // The library insists on an originator that is an IP address.
        WireWriter.append(string: Array("0.0.0.0".utf8), to: &message)
        message += [0, 0, 0, 0]
        return message
    }

    /// The type a channel open had before `adaptedChannelOpen` reshaped it,
    /// or nil for a real `direct-tcpip` open.
    static func unknownChannelType(host: String) -> String? {
        guard host.hasPrefix(unknownChannelMarker) else { return nil }
        return String(host.dropFirst(unknownChannelMarker.count))
    }

    /// `byte 50, string user, string service, string "keyboard-interactive",
    /// string language, string submethods` -> `none` for the marked user.
    private static func adaptedUserAuthRequest(_ payload: [UInt8]) -> [UInt8]? {
        var reader = WireReader(payload, from: 1)
        guard let user = reader.string(), let service = reader.string(), let method = reader.string(),
              method == Array("keyboard-interactive".utf8) else { return nil }
        var message: [UInt8] = [userAuthRequest]
        WireWriter.append(string: Array(keyboardInteractiveMarker.utf8) + user, to: &message)
        WireWriter.append(string: service, to: &message)
        WireWriter.append(string: Array("none".utf8), to: &message)
        return message
    }
}

/// Reads SSH wire types (RFC 4251 §5) from a message's bytes.
struct WireReader {
    private let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], from offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func skip(_ count: Int) -> Bool {
        guard bytes.count - offset >= count else { return false }
        offset += count
        return true
    }

    mutating func uint32() -> UInt32? {
        guard bytes.count - offset >= 4 else { return nil }
        defer { offset += 4 }
        return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func string() -> [UInt8]? {
        let start = offset
        guard let length = uint32().map(Int.init), bytes.count - offset >= length else {
            offset = start
            return nil
        }
        defer { offset += length }
        return Array(bytes[offset..<offset + length])
    }
}

/// Writes SSH wire types.
enum WireWriter {
    static func append(string: [UInt8], to message: inout [UInt8]) {
        withUnsafeBytes(of: UInt32(string.count).bigEndian) { message += $0 }
        message += string
    }
}
