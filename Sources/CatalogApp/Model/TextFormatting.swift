extension Int {
    /// "1000000" -> "1,000,000", independent of the process locale (which is
    /// process-wide and set for curses, not for us).
    var groupedDigits: String {
        let digits = String(self.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (self < 0 ? "-" : "") + result
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
