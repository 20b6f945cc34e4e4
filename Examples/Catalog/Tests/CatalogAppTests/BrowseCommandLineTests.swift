import Testing
@testable import CatalogApp

/// The start's own reader of `catalog [browse]`: it reads the everyday
/// options as swift-argument-parser does and declines everything else, so
/// help, errors and their exit status stay the parser's.
@Suite struct BrowseCommandLineTests {
    @Test func readsEveryBrowseOption() throws {
        let line = try #require(BrowseCommandLine([
            "browse", "--catalog", "phones.json", "--data-dir", "/tmp/d", "--guest", "--open", "catalog/iphone-15",
            "--no-color", "--no-mouse", "--record", "s.cast", "--download-timeout", "2.5", "--crash-after-first-paint",
            "--served",
        ]))
        let options = line.options
        #expect(options.catalog == "phones.json")
        #expect(options.generate == nil)
        #expect(options.dataDirectory == "/tmp/d")
        #expect(options.guest)
        #expect(options.launch.open == "catalog/iphone-15")
        #expect(!options.launch.restore)
        #expect(!options.launch.colors)
        #expect(options.launch.mouseRefused)
        #expect(options.launch.recording == "s.cast")
        #expect(options.downloadTimeout == 2.5)
        #expect(options.crashAfterFirstPaint)
        #expect(line.served)
    }

    @Test func nothingGivenIsTheDefaults() throws {
        let line = try #require(BrowseCommandLine([]))
        #expect(line.options.catalog == nil && line.options.generate == nil && line.options.dataDirectory == nil)
        #expect(!line.options.guest && !line.options.launch.restore && line.options.launch.colors)
        #expect(!line.options.launch.mouseRefused && line.options.launch.open == nil && !line.served)
        #expect(line.options.downloadTimeout == nil && !line.options.crashAfterFirstPaint)
    }

    @Test func readsTheMeasuringSeam() throws {
        #expect(try #require(BrowseCommandLine(["--no-side-by-side"])).options.sideBySide == false)
        #expect(try #require(BrowseCommandLine(["--guest"])).options.sideBySide)
    }

    @Test func readsGenerateAndRestore() throws {
        let line = try #require(BrowseCommandLine(["--generate", "1000", "--restore", "--guest"]))
        #expect(line.options.generate == 1000)
        #expect(line.options.launch.restore)
        #expect(try #require(BrowseCommandLine(["--generate", "0"])).options.generate == 0)
    }

    /// What the parser answers with help, a version or an error is left to it.
    @Test(arguments: [
        ["--help"], ["-h"], ["help"], ["--version"], ["help", "browse"], ["browse", "--help"],
        ["serve"], ["web"], ["accounts", "list"], ["--guest", "browse"],
        ["--bogus"], ["-g"], ["stray"], ["--"], ["--guest", "--", "x"],
        ["--data-dir=/tmp/d"], ["--generate"], ["--catalog", ""], ["--catalog", "-"], ["--catalog", "--guest"],
        ["--guest", "--guest"], ["--generate", "1", "--generate", "2"],
        ["--database", "postgres://u@h/db"],
    ])
    func declinesWhatIsNotAPlainBrowseLine(_ arguments: [String]) {
        #expect(BrowseCommandLine(arguments) == nil)
    }

    /// A line that fails one of `catalog browse`'s checks is the parser's to
    /// report (one line, status 64).
    @Test(arguments: [
        ["--generate", "-1"], ["--generate", "x"], ["--generate", "1e3"], ["--generate", "1", "--catalog", "c.json"],
        ["--open", "nowhere"], ["--open", "catalog", "--restore"], ["--download-timeout", "0"],
        ["--download-timeout", "soon"], ["--download-timeout", "nan"],
    ])
    func declinesWhatFailsACheck(_ arguments: [String]) {
        #expect(BrowseCommandLine(arguments) == nil)
    }
}
