import FuzzDriver
import Foundation
@testable import CatalogModel

/// The catalogue decoder (UTF-8 check, the hand-written JSON parser, the
/// item schema) on arbitrary bytes: it must return a catalogue or throw a
/// `CatalogError` whose message is one line with no control character (it is
/// printed on the user's terminal) and whose position lies inside the input.
@main enum FuzzJSON {
    static func main() { runFuzzer(testOneInput) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = Data(fuzzInput(data, size))
    do throws(CatalogError) {
        let catalog = try CatalogDecoder.decode(input, source: "fuzz.json")
        if catalog.count > size { fuzzFailure("\(catalog.count) items from \(size) bytes") }
    } catch {
        let message = error.description
        if message.isEmpty { fuzzFailure("an empty error message") }
        if let control = message.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) }) {
            fuzzFailure("control character U+\(String(control.value, radix: 16)) in the message: \(message.debugDescription)")
        }
        switch error {
        case .notUTF8(_, let position), .malformedJSON(_, let position, _):
            if position.byteOffset < 0 || position.byteOffset > size { fuzzFailure("position \(position.byteOffset) outside \(size) bytes") }
        default:
            break
        }
    }
    return 0
}
