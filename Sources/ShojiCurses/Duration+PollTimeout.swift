extension Duration {
    /// The duration as a `poll(2)` timeout: whole milliseconds, at least 1
    /// (0 would return at once instead of waiting out what is left).
    var pollTimeout: Int32 {
        let (seconds, attoseconds) = components
        return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }
}
