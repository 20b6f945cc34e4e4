/// One iPhone-schema item (see Resources/SCHEMA.md) with its numbers kept as
/// written, so `4.0` is shown as `4.0"`. Generated items use the same record,
/// so both are formatted by one piece of code.
struct PhoneRecord: Sendable, Equatable {
    var id: String?
    var name: String?
    var announced: String?
    var chip: String?
    var displayInches: String?
    var storageGB: [String]?
    var launchPriceUSD: String?
    var note: String?
    /// Keys the schema does not know, shown after the known ones.
    var otherMembers: [JSONMember] = []

    /// Year of `announced` ("2023-09-12" -> 2023).
    var year: Int? { announced.flatMap(Self.year(ofDate:)) }

    /// The leading four-digit year of a `YYYY-MM-DD` text.
    static func year(ofDate text: String) -> Int? {
        let digits = text.utf8.prefix(4)
        guard digits.count == 4, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// The detail lines in the schema's friendly order and labels.
    var fields: [CatalogField] {
        var fields: [CatalogField] = []
        fields.reserveCapacity(7 + otherMembers.count)
        func add(_ label: String, _ value: String?) {
            if let value { fields.append(CatalogField(name: label, value: value)) }
        }
        add("Name", name)
        add("Announced", announced)
        add("Chip", chip)
        add("Display", displayInches.map { "\($0)\"" })
        add("Storage", storageGB.map { $0.map(Self.formatStorage).joined(separator: ", ") })
        add("Launch price", launchPriceUSD.map(Self.formatPrice))
        add("Note", note)
        for member in otherMembers.sorted(by: { $0.key < $1.key }) {
            fields.append(CatalogField(name: member.key, value: member.value.displayText))
        }
        return fields
    }

    /// "128" -> "128 GB", "1024" -> "1 TB".
    static func formatStorage(_ gigabytes: String) -> String {
        if let value = Int(gigabytes), value >= 1024, value % 1024 == 0 {
            return "\(value / 1024) TB"
        }
        return "\(gigabytes) GB"
    }

    /// "999" -> "$999", "1199" -> "$1,199"; other number forms are kept.
    static func formatPrice(_ dollars: String) -> String {
        guard let value = Int(dollars), value >= 0 else { return "$\(dollars)" }
        return "$" + value.groupedDigits
    }
}

extension JSONValue {
    /// How a value reads in a detail line: strings bare, the rest as compact JSON.
    var displayText: String {
        if case .string(let text) = self { return text }
        return compactJSON
    }
}
