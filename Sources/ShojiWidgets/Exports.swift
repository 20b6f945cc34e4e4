// The values widgets draw (rows, columns, fields, queries) are the ones
// presenters hand to views: whoever imports the widgets has them too.
@_exported import ShojiPresentation
