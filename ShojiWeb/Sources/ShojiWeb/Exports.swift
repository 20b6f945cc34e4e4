// A server's command includes `WebServeOptions`, a swift-argument-parser
// group: importing ShojiWeb brings the parser with it, as ShojiSSH does.
@_exported import ArgumentParser
