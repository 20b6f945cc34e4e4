import Foundation

/// Turns the bytes of a catalogue file or download into a `Catalog`, or into
/// the first `CatalogError` a person would need to fix. Syntax errors win over
/// item errors, so a truncated file is reported as truncated even when an
/// earlier item also has a wrong field.
package enum CatalogDecoder {
    package static func decode(_ data: Data, source: String) throws(CatalogError) -> Catalog {
        let result: Result<Catalog, CatalogError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(CatalogError) {
                return .success(try decode(bytes, source: source))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func decode(_ allBytes: UnsafeBufferPointer<UInt8>, source: String) throws(CatalogError) -> Catalog {
        let bytes = withoutByteOrderMark(allBytes)
        if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw .notUTF8(source: source, position: TextPosition(offset: invalid, in: bytes))
        }
        var builder = ItemsBuilder(source: source)
        var parser = JSONParser(bytes: bytes)
        let topLevel: JSONParser.TopLevel
        do {
            topLevel = try parser.parseDocument { index, value in builder.add(value, position: index + 1) }
        } catch {
            throw .malformedJSON(source: source, position: TextPosition(offset: error.offset, in: bytes), problem: error.problem)
        }
        if case .other(let value) = topLevel {
            throw .topLevelNotArray(source: source, found: value.kindDescription)
        }
        if let firstError = builder.firstError { throw firstError }
        return Catalog(source: source, items: builder.items)
    }

    private static func withoutByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF else { return bytes }
        return UnsafeBufferPointer(rebasing: bytes[3...])
    }
}

/// Collects items one array element at a time, deciding on the first object
/// whether the file is the iPhone schema (see PhoneSchema).
private struct ItemsBuilder {
    let source: String
    var items: [CatalogItem] = []
    var firstError: CatalogError?
    private var isPhoneSchema: Bool?
    private var ids = UniqueIDAllocator()

    init(source: String) {
        self.source = source
    }

    /// Adds the element at 1-based `position`; after the first error, only
    /// syntax is still checked (by the parser).
    mutating func add(_ value: JSONValue, position: Int) {
        guard firstError == nil else { return }
        guard case .object(let members) = value else {
            firstError = .itemNotObject(source: source, item: position, found: value.kindDescription)
            return
        }
        if isPhoneSchema == nil { isPhoneSchema = PhoneSchema.isPhoneSchema(members) }
        if isPhoneSchema == true {
            addPhone(members, position: position)
        } else {
            let title = GenericItem.title(of: members, position: position)
            let id = ids.allocate(GenericItem.explicitID(of: members) ?? ItemIdentifiers.slug(title))
            items.append(CatalogItem(id: id, title: title, year: GenericItem.year(of: members), fields: GenericItem.fields(of: members)))
        }
    }

    private mutating func addPhone(_ members: [JSONMember], position: Int) {
        do {
            let record = try PhoneSchema.record(from: members)
            let title = record.name ?? GenericItem.title(of: members, position: position)
            let id = ids.allocate(record.id ?? ItemIdentifiers.slug(title))
            items.append(CatalogItem(id: id, title: title, year: record.year, fields: record.fields))
        } catch {
            firstError = .wrongFieldType(source: source, item: position, field: error.field, expected: error.expected)
        }
    }
}
