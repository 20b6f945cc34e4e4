/// The page and its assets, made once at start.
struct WebAssets: Sendable {
    let page: String
    let xterm: String
    let styleSheet: String
}
