import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A one-shot HTTP server on 127.0.0.1 for URLCatalogService tests: it
/// accepts one connection on a background thread, reads the request head,
/// answers with a canned response and closes. Accepting gives up after a few
/// seconds so a failed test never hangs.
final class LocalHTTPServer: Sendable {
    let port: UInt16
    private let listener: Int32

    init(status: Int, body: String, contentType: String = "application/json") throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        self.listener = listener
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
        port = Self.boundPort(of: listener)

        let response = "HTTP/1.1 \(status) Canned\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        Thread.detachNewThread {
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
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
            let bytes = Array(response.utf8)
            _ = send(connection, bytes, bytes.count, Int32(MSG_NOSIGNAL))
            close(connection)
        }
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/catalog.json")! }

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
