// Names this type had before 0.1.0, kept as deprecated aliases for the 0.1
// releases (CONTRIBUTING.md, "Deprecation"): an app's code moves by fix-it.
extension ShojiOptions {
    /// ``launchConfiguration`` under its name before 0.1.0.
    @available(*, deprecated, renamed: "launchConfiguration")
    public var launchOptions: LaunchConfiguration { launchConfiguration }
}
