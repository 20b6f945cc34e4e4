import ArgumentParser
import Curses
import Foundation

@main
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Browse a catalogue in the terminal: an MVP+C reference app on ncurses.",
        version: "0.1.0"
    )

    @Flag(name: .long, help: "Draw without colours (also: NO_COLOR=1).")
    var noColor = false

    func run() throws {
        let options = Screen.Options(minimumSize: Size(width: 40, height: 10), colors: !noColor)
        MainActor.assumeIsolated {
            let screen: Screen
            do throws(TerminalError) {
                screen = try Screen.start(options: options)
            } catch {
                FileHandle.standardError.write(Data("catalog: \(error)\n".utf8))
                Foundation.exit(error.exitStatus)
            }
            let loop = EventLoop(screen: screen)
            let demo = DemoApp(screen: screen, loop: loop)
            demo.start()
            loop.run()
        }
    }
}
