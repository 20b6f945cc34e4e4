/// Recognises the iPhone schema and checks its field types.
///
/// The rule: a catalogue is read as the iPhone schema when its first item is
/// an object with both `announced` and `chip`. Then every item's known fields
/// must have their schema types (a field may be missing, but not null or of
/// another type); unknown fields are shown as they are. Any other array of
/// objects is generic JSON and is never type-checked.
enum PhoneSchema {
    static func isPhoneSchema(_ members: [JSONMember]) -> Bool {
        members.value(forKey: "announced") != nil && members.value(forKey: "chip") != nil
    }

    /// A known field whose value has the wrong type.
    struct FieldTypeMismatch: Error {
        let field: String
        let expected: String
    }

    static func record(from members: [JSONMember]) throws(FieldTypeMismatch) -> PhoneRecord {
        var record = PhoneRecord()
        for member in members {
            let value = member.value
            switch member.key {
            case "id": record.id = try string(value, "id")
            case "name": record.name = try string(value, "name")
            case "announced":
                let date = try string(value, "announced")
                guard isDate(date) else { throw FieldTypeMismatch(field: "announced", expected: "a date written YYYY-MM-DD") }
                record.announced = date
            case "chip": record.chip = try string(value, "chip")
            case "display_inches": record.displayInches = try number(value, "display_inches")
            case "storage_gb":
                guard case .array(let elements) = value else { throw FieldTypeMismatch(field: "storage_gb", expected: "an array of numbers") }
                record.storageGB = try elements.map { element throws(FieldTypeMismatch) in
                    guard case .number(let text) = element else { throw FieldTypeMismatch(field: "storage_gb", expected: "an array of numbers") }
                    return text
                }
            case "launch_price_usd": record.launchPriceUSD = try number(value, "launch_price_usd")
            case "note": record.note = try string(value, "note")
            default: record.otherMembers.append(member)
            }
        }
        return record
    }

    private static func string(_ value: JSONValue, _ field: String) throws(FieldTypeMismatch) -> String {
        guard case .string(let text) = value else { throw FieldTypeMismatch(field: field, expected: "a string") }
        return text
    }

    private static func number(_ value: JSONValue, _ field: String) throws(FieldTypeMismatch) -> String {
        guard case .number(let text) = value else { throw FieldTypeMismatch(field: field, expected: "a number") }
        return text
    }

    /// `YYYY-MM-DD` with digits where digits belong.
    private static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 else { return false }
        for (offset, byte) in bytes.enumerated() {
            let wanted = offset == 4 || offset == 7
            if wanted ? byte != UInt8(ascii: "-") : !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return false }
        }
        return true
    }
}
