/// Marked regions: `// snippet: NAME` ... `// end snippet` in Swift; in the
/// article, `<!-- snippet: NAME -->` right before a ```swift block.
enum Snippets {
    static func regions(in code: String) -> [String: String] {
        var result: [String: String] = [:]
        var name: String?
        var lines: [String] = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("// snippet: ") {
                name = String(line.dropFirst("// snippet: ".count))
                lines = []
            } else if line == "// end snippet", let current = name {
                result[current] = lines.joined(separator: "\n")
                name = nil
            } else if name != nil {
                lines.append(String(line))
            }
        }
        return result
    }

    static func articleSnippets(in article: String) -> [String: String] {
        var result: [String: String] = [:]
        let lines = article.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<!-- snippet: "), line.hasSuffix(" -->"), index + 1 < lines.count, lines[index + 1] == "```swift" {
                let name = String(line.dropFirst("<!-- snippet: ".count).dropLast(" -->".count))
                var end = index + 2
                while end < lines.count, lines[end] != "```" { end += 1 }
                result[name] = lines[(index + 2)..<end].joined(separator: "\n")
                index = end
            }
            index += 1
        }
        return result
    }
}
