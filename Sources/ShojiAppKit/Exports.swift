// An app imports one module: the app kit brings the layers it is built on.
@_exported import ShojiCurses
@_exported import ShojiNavigation
@_exported import ShojiWidgets
