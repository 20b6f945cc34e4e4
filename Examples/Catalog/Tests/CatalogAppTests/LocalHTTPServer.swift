import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-shot HTTP server on 127.0.0.1 for URLCatalogService tests: it
/// accepts one connection on a background thread, reads the request head,
/// answers with a canned response and closes. Accepting gives up after
/// `acceptWindow` seconds so a failed test never hangs: long, because a
/// test that makes a server and then waits for a cooperative thread before
/// it starts the download connects late when other tests hold those threads
/// (under the address sanitizer on two cores, more than 5 s).
///
/// Hostile servers too (`misbehaving:`): one that never answers, one that
/// sends the headers and part of the body then stalls, one that trickles a
/// byte at a time forever, one that resets the connection.
final class LocalHTTPServer: Sendable {
    enum Misbehaviour: Sendable {
        /// Reads the request, then says nothing.
        case neverAnswers
        /// Sends the headers (promising 1,000 bytes) and 10 bytes, then nothing.
        case stallsAfterHeaders
        /// Sends the headers, then one byte of body every 200 ms, never done.
        case trickles
        /// Reads the request, then resets the connection (RST, not FIN).
        case resets
        /// Sends headers without a length, then spaces without end at about
        /// 30 MB/s (as fast as loopback allows would starve URLSession's own
        /// queue in a way no real network does).
        case endlessBody
    }

    let port: UInt16
    private let listener: Int32
    /// Seconds the server waits for its one connection, and for the request.
    static let acceptWindow = 100

    /// A server that misbehaves as `misbehaviour` says; a stalled connection
    /// is held for at most `holding` seconds.
    init(misbehaving misbehaviour: Misbehaviour, holding: Int = 20) throws {
        listener = try Self.makeListener()
        port = Self.boundPort(of: listener)
        let listener = self.listener
        Thread.detachNewThread {
            guard let connection = Self.acceptAndReadRequest(listener) else { return }
            defer { close(connection) }
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
            switch misbehaviour {
            case .neverAnswers:
                Self.hold(connection, seconds: holding)
            case .stallsAfterHeaders:
                Self.sendText(head + "[{\"name\": ", on: connection)
                Self.hold(connection, seconds: holding)
            case .trickles:
                Self.sendText(head, on: connection)
                for _ in 0..<(holding * 5) {
                    guard Self.sendText(" ", on: connection) else { return }
                    usleep(200_000)
                }
            case .endlessBody:
                Self.sendText("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n", on: connection)
                let chunk = String(repeating: " ", count: 65_536)
                let deadline = Date().addingTimeInterval(TimeInterval(holding))
                while Date() < deadline, Self.sendText(chunk, on: connection) { usleep(2_000) }
            case .resets:
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            }
        }
    }

    /// A server that answers `status` with `body`, and `headers` (such as a
    /// redirect's `Location`) besides the usual ones, `delay` seconds after
    /// the request arrived.
    init(status: Int, body: String, contentType: String = "application/json", headers: [String: String] = [:],
         answeringAfter delay: Double = 0) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        self.listener = listener
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
        port = Self.boundPort(of: listener)

        let extra = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        let response = "HTTP/1.1 \(status) Canned\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n\(extra)Connection: close\r\n\r\n\(body)"
        Thread.detachNewThread {
            var timeout = timeval(tv_sec: Self.acceptWindow, tv_usec: 0)
            setsockopt(listener, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var request: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !request.ends(with: Array("\r\n\r\n".utf8)) {
                let count = recv(connection, &buffer, buffer.count, 0)
                if count <= 0 { break }
                request += buffer[0..<count]
            }
            if delay > 0 { usleep(UInt32(delay * 1_000_000)) }
            let bytes = Array(response.utf8)
            _ = send(connection, bytes, bytes.count, Int32(MSG_NOSIGNAL))
            close(connection)
        }
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/catalog.json")! }

    private static func makeListener() throws -> Int32 {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(listener, 1) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        return listener
    }

    /// The accepted connection once its request head is read (nil when no
    /// client came within 5 s).
    private static func acceptAndReadRequest(_ listener: Int32) -> Int32? {
        var timeout = timeval(tv_sec: Self.acceptWindow, tv_usec: 0)
        setsockopt(listener, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return nil }
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.ends(with: Array("\r\n\r\n".utf8)) {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { break }
            request += buffer[0..<count]
        }
        return connection
    }

    @discardableResult
    private static func sendText(_ text: String, on connection: Int32) -> Bool {
        let bytes = Array(text.utf8)
        return Glibc.send(connection, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
    }

    /// Keeps `connection` open, saying nothing, until the client closes it
    /// or `seconds` pass.
    private static func hold(_ connection: Int32, seconds: Int) {
        var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(TimeInterval(seconds))
        var buffer = [UInt8](repeating: 0, count: 256)
        while Date() < deadline {
            guard poll(&descriptor, 1, 100) >= 0 else { return }
            if descriptor.revents != 0, recv(connection, &buffer, buffer.count, Int32(MSG_DONTWAIT)) <= 0 { return }
        }
    }

    deinit {
        close(listener)
    }

    /// A port on 127.0.0.1 where nothing listens: bound, then released.
    static func closedPort() -> UInt16 {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: 0)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let port = boundPort(of: probe)
        close(probe)
        return port
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func boundPort(of descriptor: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
