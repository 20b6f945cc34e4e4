/// The rules for JSON that is not the iPhone schema (Examples/Catalog/README.md, "Options":
/// `--catalog`): title from `title`, else `name`, else the alphabetically
/// first string field, else "Item N"; every field shown in key order.
enum GenericItem {
    /// The title of an object at 1-based `position`. Never depends on member
    /// order: the fallback picks the alphabetically first key holding a string.
    static func title(of members: [JSONMember], position: Int) -> String {
        for key in ["title", "name"] {
            if case .string(let text)? = members.value(forKey: key) { return text }
        }
        let firstStringKey = members
            .filter { if case .string = $0.value { true } else { false } }
            .min { $0.key < $1.key }
        if let firstStringKey, case .string(let text) = firstStringKey.value { return text }
        return "Item \(position)"
    }

    /// Every member, sorted by key, nested values as compact JSON.
    static func fields(of members: [JSONMember]) -> [CatalogField] {
        members
            .sorted { $0.key < $1.key }
            .map { CatalogField(name: $0.key, value: $0.value.displayText) }
    }

    /// The explicit id: a string as written, a number as its text.
    static func explicitID(of members: [JSONMember]) -> String? {
        switch members.value(forKey: "id") {
        case .string(let text)?: text
        case .number(let text)?: text
        default: nil
        }
    }

    static func year(of members: [JSONMember]) -> Int? {
        guard case .string(let date)? = members.value(forKey: "announced") else { return nil }
        return PhoneRecord.year(ofDate: date)
    }
}
