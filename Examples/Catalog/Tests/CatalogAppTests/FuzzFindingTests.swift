import Foundation
import Testing
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

/// Inputs `make fuzz-parsers` (Fuzz/Targets/json) found, kept as regression
/// tests: each must end in a clean, printable, one-line error.
@Suite struct CatalogFuzzFindingTests {
    /// C2 82 and C2 8C 66 10: a C1 control character (U+0082, U+008C) where a
    /// value should start was echoed raw into the message, which is printed
    /// on the user's terminal (U+009B is CSI on some terminals).
    @Test(arguments: [[0xC2, 0x82], [0xC2, 0x8C, 0x66, 0x10], [0x5B, 0xC2, 0x9B, 0x5D]] as [[UInt8]])
    func aControlCharacterIsNamedNotEchoed(bytes: [UInt8]) throws {
        let error = try #require(catchError { try CatalogDecoder.decode(Data(bytes), source: "fuzz.json") })
        let message = error.description
        #expect(message.hasPrefix("fuzz.json: malformed JSON at line 1, column "))
        #expect(message.contains("unexpected character U+00"))
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func aPrintableCharacterIsStillQuoted() {
        #expect(catalogError("é")?.description == "test.json: malformed JSON at line 1, column 1: unexpected character 'é', expected a value")
    }
}
