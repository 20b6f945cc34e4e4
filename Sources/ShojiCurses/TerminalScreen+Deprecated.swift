#if canImport(Glibc)
import FoundationEssentials
#else
import Foundation
#endif

// Names this type had before 0.1.0, kept as deprecated aliases for the 0.1
// releases (CONTRIBUTING.md, "Deprecation"): an app's code moves by fix-it.
extension TerminalScreen {
    /// ``Configuration`` under its name before 0.1.0.
    @available(*, deprecated, renamed: "Configuration")
    public typealias Options = Configuration

    /// ``verify(configuration:environment:)`` under its label before 0.1.0.
    @available(*, deprecated, renamed: "verify(configuration:environment:)")
    public static func verify(options: Configuration,
                              environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(TerminalError)
    {
        try verify(configuration: options, environment: environment)
    }

    /// ``start(configuration:environment:)`` under its label before 0.1.0.
    @available(*, deprecated, renamed: "start(configuration:environment:)")
    public static func start(options: Configuration,
                             environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(TerminalError) -> TerminalScreen
    {
        try start(configuration: options, environment: environment)
    }
}
