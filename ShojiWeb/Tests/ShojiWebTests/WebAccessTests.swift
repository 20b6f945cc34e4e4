import NIOHTTP1
import ShojiSSH
import Testing
@testable import ShojiWeb

@Suite struct WebAccessTests {
    private func request(_ uri: String, headers: [(String, String)]) -> HTTPRequestHead {
        HTTPRequestHead(version: .http1_1, method: .GET, uri: uri, headers: HTTPHeaders(headers))
    }

    private func configuration(_ access: WebAppServer.Configuration.Access, origins: [String] = [],
                               host: String = "127.0.0.1", hosts: [String] = ["demo.example", "h"]) -> WebAppServer.Configuration {
        var configuration = WebAppServer.Configuration(appName: "demo", appExecutable: "/bin/cat")
        configuration.access = access
        configuration.allowedOrigins = origins
        configuration.host = host
        configuration.allowedHosts = hosts
        return configuration
    }

    private func host(_ value: String, _ configuration: WebAppServer.Configuration) -> WebAccess.Refusal? {
        WebAccess.checkHost(request("/", headers: [("Host", value)]), configuration: configuration)
    }

    @Test func theHostMustNameTheServer() {
        let loopback = configuration(.everyone, hosts: [])
        for own in ["127.0.0.1:8080", "127.0.0.1", "localhost:8080", "LOCALHOST", "localhost.:8080"] {
            #expect(host(own, loopback) == nil, "\(own)")
        }
        // DNS rebinding: a foreign name that resolves to 127.0.0.1.
        for foreign in ["rebind.evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example", "10.0.0.1:8080",
                        "127.0.0.1:8080:80", "user@127.0.0.1", "", "[::1]:8080", "127.0.0.1:0", "127.0.0.1:99999"] {
            #expect(host(foreign, loopback) != nil, "\(foreign)")
        }
        #expect(host("rebind.evil.example:8080", loopback)?.status == .misdirectedRequest)
        #expect(WebAccess.checkHost(request("/", headers: []), configuration: loopback) == .noHost)
        // An added name, as behind a proxy.
        let named = configuration(.everyone, hosts: ["Demo.Example"])
        #expect(host("demo.example", named) == nil)
        #expect(host("demo.example:443", named) == nil)
        #expect(host("other.example", named) != nil)
        // Every interface: any address (an address cannot be rebound), still no foreign name.
        let everywhere = configuration(.everyone, host: "0.0.0.0", hosts: [])
        #expect(host("192.0.2.7:8080", everywhere) == nil)
        #expect(host("[2001:db8::1]:8080", everywhere) == nil)
        #expect(host("rebind.evil.example:8080", everywhere) != nil)
        let v6 = configuration(.everyone, host: "::1", hosts: [])
        #expect(host("[::1]:8080", v6) == nil)
        #expect(host("127.0.0.1:8080", v6) != nil)
    }

    @Test func theOriginMatchesOnSchemeHostAndPort() {
        let everyone = configuration(.everyone)
        func origin(_ origin: String, host: String = "demo.example:8080", proxy: Bool = false) -> WebAccess.Refusal? {
            WebAccess.check(request("/session", headers: [("Host", host), ("Origin", origin)]), configuration: everyone,
                            throughProxy: proxy)
        }
        #expect(origin("http://demo.example:8080") == nil)
        #expect(origin("HTTP://Demo.Example:8080") == nil)
        #expect(origin("https://demo.example:8080") != nil)       // another scheme
        #expect(origin("http://demo.example:8081") != nil)        // another port
        #expect(origin("http://demo.example") != nil)             // port 80, not 8080
        #expect(origin("ws://demo.example:8080") != nil)
        #expect(origin("null") != nil)
        #expect(origin("http://demo.example:8080/path") != nil)
        #expect(origin("http://demo.example", host: "demo.example") == nil)
        #expect(origin("http://demo.example:80", host: "demo.example") == nil)
        // Through the trusted proxy the page may be https (the proxy's TLS); the default ports follow the scheme.
        #expect(origin("https://demo.example", host: "demo.example", proxy: true) == nil)
        #expect(origin("https://demo.example", host: "demo.example") != nil)
        #expect(origin("https://demo.example", host: "demo.example:80", proxy: true) != nil)
    }

    @Test func sameOriginIsLetInAndAForeignOneIsNot() {
        let own = request("/session", headers: [("Host", "demo.example:8080"), ("Origin", "http://demo.example:8080")])
        #expect(WebAccess.check(own, configuration: configuration(.everyone)) == nil)
        let foreign = request("/session", headers: [("Host", "demo.example:8080"), ("Origin", "http://evil.example")])
        #expect(WebAccess.check(foreign, configuration: configuration(.everyone)) == .foreignOrigin("http://evil.example"))
        // A look-alike: the host as a prefix of another name.
        let lookAlike = request("/session", headers: [("Host", "demo.example"), ("Origin", "http://demo.example.evil")])
        #expect(WebAccess.check(lookAlike, configuration: configuration(.everyone)) != nil)
        let none = request("/session", headers: [("Host", "demo.example")])
        #expect(WebAccess.check(none, configuration: configuration(.everyone)) == .noOrigin)
    }

    @Test func anAllowedOriginIsLetIn() {
        let listed = request("/session", headers: [("Host", "127.0.0.1:8080"), ("Origin", "https://demo.example")])
        #expect(WebAccess.check(listed, configuration: configuration(.everyone, origins: ["https://Demo.Example"])) == nil)
        #expect(WebAccess.check(listed, configuration: configuration(.everyone, origins: ["https://demo.example"])) == nil)
        #expect(WebAccess.check(listed, configuration: configuration(.everyone)) != nil)
    }

    @Test func theTokenComesFromTheQueryOrABearerHeader() {
        let secret = "s3cret-token-of-some-length"
        let origin = [("Host", "h"), ("Origin", "http://h")]
        let inQuery = request("/session?columns=80&token=\(secret)", headers: origin)
        #expect(WebAccess.check(inQuery, configuration: configuration(.token(secret))) == nil)
        let inHeader = request("/session", headers: origin + [("Authorization", "Bearer \(secret)")])
        #expect(WebAccess.check(inHeader, configuration: configuration(.token(secret))) == nil)
        let wrong = request("/session?token=\(secret)x", headers: origin)
        #expect(WebAccess.check(wrong, configuration: configuration(.token(secret))) == .wrongToken)
        let missing = request("/session", headers: origin)
        #expect(WebAccess.check(missing, configuration: configuration(.token(secret))) == .missingToken)
        #expect(WebAccess.Refusal.wrongToken.status == .unauthorized)
        #expect(WebAccess.Refusal.noOrigin.status == .forbidden)
    }

    @Test func theTokenComparisonNeedsEveryByte() {
        #expect(WebAccess.constantTimeEqual("abcdef", "abcdef"))
        #expect(!WebAccess.constantTimeEqual("abcdef", "abcdeg"))
        #expect(!WebAccess.constantTimeEqual("abcdef", "abcde"))
        #expect(!WebAccess.constantTimeEqual("", "a"))
        // A length differing by a multiple of 256 must not wrap to equal.
        #expect(!WebAccess.constantTimeEqual(String(repeating: "a", count: 256), ""))
    }

    @Test func theForwardedAddressIsBelievedFromTheProxyOnly() {
        let headers = HTTPHeaders([("X-Forwarded-For", "203.0.113.9, 198.51.100.7")])
        #expect(WebAccess.clientAddress(socket: "10.0.0.2", headers: headers, trustedProxy: "10.0.0.2") == "198.51.100.7")
        #expect(WebAccess.clientAddress(socket: "10.0.0.3", headers: headers, trustedProxy: "10.0.0.2") == "10.0.0.3")
        #expect(WebAccess.clientAddress(socket: "10.0.0.2", headers: headers, trustedProxy: nil) == "10.0.0.2")
        let forged = HTTPHeaders([("X-Forwarded-For", "not an address\u{1B}[2J")])
        #expect(WebAccess.clientAddress(socket: "10.0.0.2", headers: forged, trustedProxy: "10.0.0.2") == "10.0.0.2")
    }
}

extension WebServeOptionsTests {
    @Test func hostsAndTheWriteTimeoutReachTheConfiguration() throws {
        let options = try WebServeOptions.parse(["--allowed-host", "demo.example", "--allowed-host", "b.example",
                                                 "--write-timeout", "5", "--public"])
        let configuration = try options.apply(to: WebAppServer.Configuration(appName: "demo", appExecutable: "/bin/cat"))
        #expect(configuration.allowedHosts == ["demo.example", "b.example"])
        #expect(configuration.writeTimeout == 5)
        #expect(try WebServeOptions.parse([]).apply(to: configuration).writeTimeout == 30)
        #expect(throws: (any Error).self) {
            try WebServeOptions.parse(["--write-timeout", "0"]).apply(to: configuration)
        }
    }
}

@Suite struct WebControlMessageTests {
    let maximum = TerminalSize(columns: 640, rows: 256)

    @Test func aResizeIsParsedAndClamped() {
        #expect(WebControlMessage.parse(#"{"type":"resize","columns":120,"rows":40}"#, maximum: maximum)
            == .resize(TerminalSize(columns: 120, rows: 40)))
        #expect(WebControlMessage.parse(#"{"type":"resize","columns":99999,"rows":99999}"#, maximum: maximum)
            == .resize(maximum))
        #expect(WebControlMessage.parse(#"{"type":"resize","columns":0,"rows":40}"#, maximum: maximum) == nil)
        #expect(WebControlMessage.parse(#"{"type":"resize","columns":-5,"rows":40}"#, maximum: maximum) == nil)
        #expect(WebControlMessage.parse(#"{"type":"paste","data":"x"}"#, maximum: maximum) == nil)
        #expect(WebControlMessage.parse("not json", maximum: maximum) == nil)
        let padded = #"{"type":"resize","columns":80,"rows":24,"x":""# + String(repeating: "a", count: 300) + #""}"#
        #expect(WebControlMessage.parse(padded, maximum: maximum) == nil)
    }

    @Test func theFirstSizeComesFromTheURL() {
        #expect(WebControlMessage.initialSize(uri: "/session?columns=100&rows=30", maximum: maximum)
            == TerminalSize(columns: 100, rows: 30))
        #expect(WebControlMessage.initialSize(uri: "/session?columns=100000&rows=30", maximum: maximum)
            == TerminalSize(columns: 640, rows: 30))
        #expect(WebControlMessage.initialSize(uri: "/session", maximum: maximum) == TerminalSize(columns: 80, rows: 24))
        #expect(WebControlMessage.initialSize(uri: "/session?columns=0&rows=0", maximum: maximum)
            == TerminalSize(columns: 80, rows: 24))
    }
}
