import NIOCore

/// The page and its assets, made once at start, each in one buffer that
/// every response shares (a `ByteBuffer` copy shares its storage): a
/// thousand responses waiting to be sent hold one copy of xterm.js, not a
/// thousand.
struct WebAssets: Sendable {
    let page: ByteBuffer
    let xterm: ByteBuffer
    let styleSheet: ByteBuffer
    let script: ByteBuffer

    init(page: String, xterm: String, styleSheet: String, script: String) {
        self.page = ByteBuffer(string: page)
        self.xterm = ByteBuffer(string: xterm)
        self.styleSheet = ByteBuffer(string: styleSheet)
        self.script = ByteBuffer(string: script)
    }
}
