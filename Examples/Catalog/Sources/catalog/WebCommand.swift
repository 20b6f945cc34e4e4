import ArgumentParser
import CatalogModel
import CatalogServer
import Foundation
import Logging
import ShojiSSH
import ShojiWeb

/// `catalog web`: the app in a browser tab, one process per session, each
/// visitor a guest (the sessions `catalog serve` runs, over a WebSocket).
struct WebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Serve the app to a browser: open the printed address and the catalog runs in the page.",
        discussion: """
        Each visitor is a guest in a session of its own (the app on its own terminal, as over ssh). Without --public \
        the page needs a token (--token-file, or a random one printed in the address). TLS belongs to a reverse proxy \
        in front (--trusted-proxy names it, so its X-Forwarded-For is believed).
        """
    )

    /// `--port`, `--host`, `--public`, `--token-file`, origins, the proxy and the limits: ShojiWeb's.
    @OptionGroup(title: WebServeOptions.title) var web: WebServeOptions

    @Option(name: .long, help: ArgumentHelp("Where the log lives (default: $XDG_DATA_HOME/catalog).", valueName: "dir"))
    var dataDir: String?

    @Option(name: .long, help: ArgumentHelp("Serve N synthetic items.", valueName: "n"))
    var generate: Int?

    func run() throws {
        guard let directory = try? DataDirectory.prepared(override: dataDir) else {
            FileHandle.standardError.write(Data("catalog web: cannot prepare the data directory\n".utf8))
            throw ExitCode(1)
        }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var configuration = WebAppServer.Configuration(appName: "catalog", appExecutable: executable)
        let arguments = ["--data-dir", directory.path, "--served"] + (generate.map { ["--generate", String($0)] } ?? [])
        configuration.appArguments = { arguments }
        web.serve(configuration, logger: Logger(label: "catalog.web"))
    }
}
