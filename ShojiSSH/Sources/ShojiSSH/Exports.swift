// A server's command includes `SSHServeOptions`, a swift-argument-parser
// group: importing ShojiSSH brings the parser with it, as ShojiAppKit does
// for an app's command line.
@_exported import ArgumentParser
// The session layer every transport shares (`AppProcess`,
// `ConnectionRegistry`, `SessionLimits`, ...) moved to ShojiSessions:
// importing ShojiSSH keeps bringing it, so apps written before compile.
@_exported import ShojiSessions
