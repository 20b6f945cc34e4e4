@testable import ShojiSSH
import Testing

/// The messages swift-nio-ssh 0.15.1 cannot take, reshaped; the rest untouched.
@Suite struct SSHMessageAdapterTests {
    private func string(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        WireWriter.append(string: Array(text.utf8), to: &bytes)
        return bytes
    }

    private func channelRequest(_ type: String, wantReply: Bool, data: [UInt8]) -> [UInt8] {
        [98, 0, 0, 0, 3] + string(type) + [wantReply ? 1 : 0] + data
    }

    /// `ssh -X`: single connection, auth protocol, cookie, screen number.
    @Test func anX11RequestLosesItsDataSoTheLibraryAnswersAFailure() {
        let cookie = string("MIT-MAGIC-COOKIE-1") + string("0123456789abcdef0123456789abcdef") + [0, 0, 0, 0]
        let request = channelRequest("x11-req", wantReply: true, data: [0] + cookie)
        #expect(SSHMessageAdapter.inbound(request) == channelRequest("x11-req", wantReply: true, data: []))
    }

    @Test func requestsTheLibraryReadsArePassedAsTheyAre() {
        let ptyRequest = channelRequest("pty-req", wantReply: true, data: string("xterm") + [UInt8](repeating: 0, count: 16) + string(""))
        #expect(SSHMessageAdapter.inbound(ptyRequest) == ptyRequest)
        let agent = channelRequest("auth-agent-req@openssh.com", wantReply: true, data: [])
        #expect(SSHMessageAdapter.inbound(agent) == agent)
        let channelData: [UInt8] = [94, 0, 0, 0, 3] + string("x11-req")
        #expect(SSHMessageAdapter.inbound(channelData) == channelData)
        let truncated: [UInt8] = [98, 0, 0]
        #expect(SSHMessageAdapter.inbound(truncated) == truncated, "the library reports what is malformed")
    }

    @Test func keyboardInteractiveBecomesAMarkedNoneRequest() {
        let request: [UInt8] = [50] + string("demo") + string("ssh-connection") + string("keyboard-interactive")
            + string("") + string("")
        let expected: [UInt8] = [50] + string(SSHMessageAdapter.keyboardInteractiveMarker + "demo") + string("ssh-connection")
            + string("none")
        #expect(SSHMessageAdapter.inbound(request) == expected)
        let none: [UInt8] = [50] + string("demo") + string("ssh-connection") + string("none")
        #expect(SSHMessageAdapter.inbound(none) == none)
    }

    @Test func hostbasedIsOfferedAsKeyboardInteractive() {
        let failure: [UInt8] = [51] + string("publickey,hostbased") + [0]
        #expect(SSHMessageAdapter.outbound(failure) == [51] + string("publickey,keyboard-interactive") + [0])
        #expect(SSHMessageAdapter.outbound([51] + string("password,publickey") + [0]) == nil)
        #expect(SSHMessageAdapter.outbound([94, 0, 0, 0, 0] + string("hostbased")) == nil)
    }

    private func channelOpen(_ type: String, data: [UInt8]) -> [UInt8] {
        [90] + string(type) + [0, 0, 0, 7, 0, 0x20, 0, 0, 0, 0, 0x80, 0] + data
    }

    /// `ssh -L PORT:/some.sock`, `x11`, agent forwarding, made-up types: an
    /// open the library would drop the connection for becomes one it
    /// refuses, for the same channel, naming the type.
    @Test func anUnknownChannelOpenBecomesAMarkedDirectTCPIPOpen() throws {
        let streamlocal = channelOpen("direct-streamlocal@openssh.com", data: string("/some.sock") + string("") + [0, 0, 0, 0])
        let expected = channelOpen("direct-tcpip", data: string(SSHMessageAdapter.unknownChannelMarker + "direct-streamlocal@openssh.com")
            + [0, 0, 0, 0] + string("0.0.0.0") + [0, 0, 0, 0])
        #expect(SSHMessageAdapter.inbound(streamlocal) == expected)
        let madeUp = SSHMessageAdapter.inbound(channelOpen(String(repeating: "z", count: 5000), data: []))
        #expect(madeUp.count < 200, "the type kept is bounded")
        for known in ["session", "direct-tcpip", "forwarded-tcpip"] {
            let open = channelOpen(known, data: [1, 2, 3])
            #expect(SSHMessageAdapter.inbound(open) == open)
        }
        #expect(SSHMessageAdapter.unknownChannelType(host: SSHMessageAdapter.unknownChannelMarker + "x11") == "x11")
        #expect(SSHMessageAdapter.unknownChannelType(host: "localhost") == nil)
        let cut: [UInt8] = [90] + string("x11") + [0, 0]
        #expect(SSHMessageAdapter.inbound(cut) == cut, "the library reports what is malformed")
    }

    /// RFC 4254 sends these without want-reply, and the library reads them
    /// without it: one that wants a reply is renamed so the library answers.
    @Test func requestsTheLibraryCannotAnswerAreRenamedWhenTheyWantAReply() {
        let size: [UInt8] = [0, 0, 0, 80, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0, 0]
        for (type, data) in [("window-change", size), ("xon-xoff", [1]), ("signal", string("INT"))] {
            #expect(SSHMessageAdapter.inbound(channelRequest(type, wantReply: true, data: data))
                == channelRequest(type + "@want-reply", wantReply: true, data: []))
            let quiet = channelRequest(type, wantReply: false, data: data)
            #expect(SSHMessageAdapter.inbound(quiet) == quiet)
        }
    }
}
