// Names this type had before 0.1.0, kept as deprecated aliases for the 0.1
// releases (CONTRIBUTING.md, "Deprecation"): an app's code moves by fix-it.
extension ShojiApp {
    /// ``ShojiApp/init(name:configuration:)`` under its label before 0.1.0.
    @available(*, deprecated, renamed: "init(name:configuration:)")
    public convenience init(name: String, options: LaunchConfiguration) {
        self.init(name: name, configuration: options)
    }

    /// ``ShojiApp/configuration`` under its name before 0.1.0.
    @available(*, deprecated, renamed: "configuration")
    public var options: LaunchConfiguration {
        get { configuration }
        set { configuration = newValue }
    }
}
