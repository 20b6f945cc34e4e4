/// Where and why the bytes stopped being JSON. The offset is turned into a
/// line and column only when the error is reported, so the parser's hot path
/// never tracks lines.
struct JSONSyntaxError: Error, Sendable, Equatable {
    let offset: Int
    let problem: String
}
