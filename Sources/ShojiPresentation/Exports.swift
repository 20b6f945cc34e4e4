// ShojiCore's values (escaping, work counts, the file size limit) are part
// of what presenters and views use: an app that imports ShojiPresentation
// (or the app kit) sees them without a second import.
@_exported import ShojiCore
