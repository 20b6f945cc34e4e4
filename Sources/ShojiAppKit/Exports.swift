// An app imports one module: the app kit brings the layers it is built on,
// and swift-argument-parser, in which an app declares its own options beside
// the kit's (ShojiOptions).
// Presenters and view protocols import only ShojiPresentation and
// ShojiNavigation instead (see "Where things go" in the docs).
@_exported import ShojiCurses
@_exported import ShojiNavigation
@_exported import ShojiPresentation
@_exported import ShojiWidgets
@_exported import ShojiTools
@_exported import ArgumentParser
