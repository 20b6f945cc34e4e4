import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-screen Settings [--presenters AppPresenters] [--target App] [--tests AppTests]`
///
/// Writes a screen module: the View protocol, the Presenter and the Output
/// protocol into the presenters target's `Screens/<Name>/` (a target that
/// depends on ShojiPresentation and ShojiNavigation only, so nothing there
/// can draw), the PanelView into the app target's `Screens/<Name>/`, and,
/// into the test target's `<Name>/`, a mock view and output, a presenter test
/// and a snapshot test on the screen harness; then prints the lines the
/// coordinator needs. It never overwrites a file.
@main
struct NewScreen: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let presentersOption = extractor.extractOption(named: "presenters").last
        let targetOption = extractor.extractOption(named: "target").last
        let testsOption = extractor.extractOption(named: "tests").last
        let names = extractor.remainingArguments
        guard names.count == 1, let name = names.first else {
            throw Failure("usage: swift package --allow-writing-to-package-directory new-screen <Name> [--presenters <Target>] [--target <Target>] [--tests <TestTarget>]")
        }
        try ScreenName.validate(name)
        let targets = try ScreenTargets(package: context.package, presenters: presentersOption,
                                        app: targetOption, tests: testsOption)

        let presenterFolder = targets.presenters.directoryURL.appending(path: "Screens").appending(path: name)
        let viewFolder = targets.app.directoryURL.appending(path: "Screens").appending(path: name)
        var files = Templates.presentation(name: name).map { (presenterFolder.appending(path: $0.file), $0.text) }
        files += Templates.panelView(name: name, presenters: targets.presenters.name)
            .map { (viewFolder.appending(path: $0.file), $0.text) }
        let testFolder = targets.testsFolder?.appending(path: name)
        if let testFolder {
            files += Templates.tests(name: name, app: targets.app.name, presenters: targets.presenters.name)
                .map { (testFolder.appending(path: $0.file), $0.text) }
        }
        let existing = files.map(\.0).filter { FileManager.default.fileExists(atPath: $0.path) }
        guard existing.isEmpty else {
            throw Failure("not overwriting: \(existing.map(\.path).joined(separator: ", "))")
        }
        for (url, text) in files {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            print("wrote \(url.path)")
        }
        if testFolder == nil {
            print("no test target found for \(targets.app.name) (name one with --tests): tests not written")
        }
        let variable = name.prefix(1).lowercased() + name.dropFirst()
        print("""

            Show it from a coordinator that adopts \(name)Output:

                let \(variable) = \(name)Presenter()
                \(variable).output = self
                router.push(\(name)PanelView(presenter: \(variable)), owner: self)

                func \(variable)DidFinish() { router.pop() }
            """)
    }
}

/// A screen's name: an UpperCamelCase Swift identifier.
enum ScreenName {
    static func validate(_ name: String) throws {
        let keywords: Set<String> = ["Any", "Self", "Type", "Protocol"]
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first),
              name.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }),
              !keywords.contains(name)
        else {
            throw Failure("'\(name)' is not a screen name: use an UpperCamelCase Swift identifier (letters and digits, first an upper-case letter), such as Settings or NoteEditor")
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = "new-screen: " + description }
}
