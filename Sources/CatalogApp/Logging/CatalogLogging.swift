import Logging

/// Sends every swift-log logger of the process to `catalog.log` in the data
/// directory. swift-log allows one bootstrap per process, so later calls only
/// return the file already in use.
public enum CatalogLogging {
    private static let bootstrapped = Locked<LogFile?>(nil)

    @discardableResult
    public static func bootstrap(directory: DataDirectory, level: Logger.Level = .info) throws(LogFileError) -> LogFile {
        try bootstrap(path: directory.logPath, level: level)
    }

    @discardableResult
    public static func bootstrap(path: String, level: Logger.Level = .info) throws(LogFileError) -> LogFile {
        let result: Result<LogFile, LogFileError> = bootstrapped.withLock { existing in
            if let existing { return .success(existing) }
            do throws(LogFileError) {
                let file = try LogFile(path: path)
                LoggingSystem.bootstrap { label in FileLogHandler(label: label, file: file, logLevel: level) }
                existing = file
                return .success(file)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
