import CatalogModel
import Foundation
import ShojiCore

/// A catalogue downloaded over http(s) (`--catalog URL`).
///
/// One deadline for the whole download (connecting, the answer's head and
/// every byte of its body), the same 64 MiB cap and decoder as files, and a
/// client of its own per load, so no connection, cache or cookie outlives
/// it. The download itself is `HTTPDownload`, on AsyncHTTPClient over the
/// swift-nio the app already links (FoundationNetworking's URLSession would
/// load libcurl and its 28 libraries at every start).
package struct URLCatalogService: CatalogService {
    package static let defaultTimeout: Double = 10

    package let url: URL
    /// Seconds the whole download may take, from connecting to the last byte.
    package let timeout: Double
    /// The largest body accepted; bigger ones are refused while they arrive.
    package let limit: Int64
    /// Told how many bytes have arrived (and how many there will be, when the
    /// server announced it) each time more arrive; nil when nobody watches.
    package let progress: (@Sendable (WorkCount) -> Void)?

    package init(url: URL, timeout: Double = URLCatalogService.defaultTimeout,
                 limit: Int64 = CatalogError.maximumByteCount,
                 progress: (@Sendable (WorkCount) -> Void)? = nil)
    {
        self.url = url
        self.timeout = timeout
        self.limit = limit
        self.progress = progress
    }

    package var sourceDescription: String { url.absoluteString }

    package func load() async throws -> Catalog {
        try await download(progress: progress)
    }

    /// Tells `progress` (as well as the service's own) each time bytes arrive.
    package func load(progress watcher: @escaping @Sendable (WorkCount) -> Void) async throws -> Catalog {
        let own = progress
        return try await download { update in
            own?(update)
            watcher(update)
        }
    }

    private func download(progress: (@Sendable (WorkCount) -> Void)?) async throws -> Catalog {
        let download = HTTPDownload(url: url, timeout: timeout, limit: limit, progress: progress)
        let body = try await download.run()
        return try CatalogDecoder.decode(body, source: url.absoluteString)
    }
}
