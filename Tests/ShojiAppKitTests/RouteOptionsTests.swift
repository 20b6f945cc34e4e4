import Testing
@testable import ShojiAppKit

/// A root coordinator with routes.
@MainActor private final class RoutedRoot: Coordinator, RouteResolving {
    static func validate(_ path: RoutePath) throws(RouteError) {}
    func plan(for path: RoutePath) throws(RouteError) -> RoutePlan { RoutePlan() }
}

/// A root coordinator without: `--open` and `--restore` mean nothing to it.
@MainActor private final class PlainRoot: Coordinator {}

/// An app's own command beside the kit's options.
private struct TodoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "todo")
    @Option(help: "The chores file.") var file = "chores.json"
    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
}

/// `--open` and `--restore` are offered and taken only by an app with routes.
@Suite struct RouteOptionsTests {
    private func help(_ parse: () throws(LaunchError) -> Any) -> String {
        do {
            _ = try parse()
            Issue.record("--help parsed as options")
            return ""
        } catch {
            #expect(error.exitStatus == 0)
            return error.description
        }
    }

    @Test func helpOffersOpenAndRestoreOnlyWhenTheRootHasRoutes() {
        let plain = help { () throws(LaunchError) in try ShojiApp.parseOptions(["--help"], name: "plain", root: PlainRoot.self) }
        #expect(!plain.contains("--open") && !plain.contains("--restore"), "\(plain)")
        #expect(plain.contains("--no-color"), "the other options stay: \(plain)")
        let routed = help { () throws(LaunchError) in try ShojiApp.parseOptions(["--help"], name: "routed", root: RoutedRoot.self) }
        #expect(routed.contains("--open <path>") && routed.contains("--restore"), "\(routed)")
        let unknown = help { () throws(LaunchError) in try ShojiApp.parseOptions(["--help"], name: "any") }
        #expect(unknown.contains("--open <path>"), "a parse not told the root offers them, as before")
    }

    @Test func anAppsOwnCommandLeavesThemOutToo() {
        let text = help { () throws(LaunchError) in try ShojiApp.parse(TodoCommand.self, arguments: ["--help"], root: PlainRoot.self) }
        #expect(text.contains("--file") && text.contains("--no-mouse"), "\(text)")
        #expect(!text.contains("--open") && !text.contains("--restore"), "\(text)")
        // Told nothing afterwards, the parse offers them again.
        let again = help { () throws(LaunchError) in try ShojiApp.parse(TodoCommand.self, arguments: ["--help"]) }
        #expect(again.contains("--open <path>"))
    }

    @MainActor @Test func aRootWithoutRoutesRefusesThemWithOneLineSayingWhy() throws {
        for arguments in [["--open", "home"], ["--restore"]] {
            let options = try ShojiApp.parseOptions(arguments, name: "plain")
            let app = ShojiApp(name: "plain", configuration: options.launchConfiguration)
            app.routeStore = nil
            // Refused by the root itself (its static type may be a
            // superclass or a protocol), before it starts.
            #expect(throws: Never.self) { try app.requestedPath(resolvedBy: PlainRoot.self) }
            do throws(LaunchError) {
                try app.begin(PlainRoot(router: StackRouter()), opening: nil)
                Issue.record("\(arguments) silently ignored")
            } catch {
                #expect(error.exitStatus == 64)
                #expect(error.description == "\(arguments[0]) needs route paths, and plain has none "
                        + "(its root coordinator does not adopt RouteResolving)")
            }
            #expect(throws: Never.self) { try app.requestedPath(resolvedBy: RoutedRoot.self) }
        }
    }
}
