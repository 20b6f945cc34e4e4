// A server's command includes `SessionServeOptions`, a swift-argument-parser
// group: importing ShojiSessions brings the parser with it.
@_exported import ArgumentParser
