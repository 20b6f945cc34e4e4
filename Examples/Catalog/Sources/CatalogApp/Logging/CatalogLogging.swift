import CatalogModel
import CatalogPresenters
import Logging
import NIOConcurrencyHelpers

/// Sends every swift-log logger of the process to `catalog.log` in the data
/// directory. swift-log allows one bootstrap per process, so later calls only
/// return the file already in use.
package enum CatalogLogging {
    private static let bootstrapped = NIOLockedValueBox<LogFile?>(nil)

    @discardableResult
    package static func bootstrap(directory: DataDirectory, level: Logger.Level = .info,
                                 alsoToStandardError: Bool = false) throws(LogFileError) -> LogFile {
        try bootstrap(path: directory.logPath, level: level, alsoToStandardError: alsoToStandardError)
    }

    /// `alsoToStandardError` is for `catalog serve`, which has no curses
    /// screen and whose operator watches its terminal.
    @discardableResult
    package static func bootstrap(path: String, level: Logger.Level = .info,
                                 alsoToStandardError: Bool = false) throws(LogFileError) -> LogFile {
        let result: Result<LogFile, LogFileError> = bootstrapped.withLockedValue { existing in
            if let existing { return .success(existing) }
            do throws(LogFileError) {
                let file = try LogFile(path: path)
                LoggingSystem.bootstrap { label in
                    let toFile = FileLogHandler(label: label, file: file, logLevel: level)
                    guard alsoToStandardError else { return toFile }
                    var toTerminal = StreamLogHandler.standardError(label: label)
                    toTerminal.logLevel = level
                    return MultiplexLogHandler([toFile, EscapingLogHandler(toTerminal)])
                }
                existing = file
                return .success(file)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
