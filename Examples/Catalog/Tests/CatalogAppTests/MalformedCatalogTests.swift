import Foundation
import Testing
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

@Suite struct MalformedCatalogTests {
    @Test func emptyFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("empty.json", "")
        let error = try #require(catchError { try CatalogDecoder.decode(CatalogFileReader.contents(ofPath: path), source: path) })
        #expect(error.description == "\(path): malformed JSON at line 1, column 1: no JSON value: the input is empty (expected an array)")
    }

    @Test func truncatedJSONGivesLineAndColumn() {
        let error = catalogError("[\n  {\"name\": \"a\"},\n  {\"name\": \"b\"")
        #expect(error == .malformedJSON(source: "test.json", position: TextPosition(line: 3, column: 15, byteOffset: 33), problem: "unexpected end of data"))
        #expect(error?.description == "test.json: malformed JSON at line 3, column 15: unexpected end of data")
    }

    @Test func misplacedCharacterGivesItsPosition() {
        let error = catalogError("[\n  {\"name\": \"é\" \"x\": 1}\n]")
        #expect(error?.description == "test.json: malformed JSON at line 2, column 16: unexpected character '\"', expected ',' or '}'")
    }

    @Test func trailingCommaAndGarbage() {
        #expect(catalogError("[1,]")?.description == "test.json: malformed JSON at line 1, column 4: unexpected character ']', expected a value")
        #expect(catalogError("[] x")?.description == "test.json: malformed JSON at line 1, column 4: unexpected character 'x' after the end of the JSON value")
    }

    @Test func syntaxErrorsWinOverItemErrors() {
        #expect(catalogError("[1, {")?.description == "test.json: malformed JSON at line 1, column 6: unexpected end of data")
    }

    @Test func topLevelObject() {
        #expect(catalogError(#"{"items": []}"#)?.description == "test.json: the top level should be an array of items, but it is an object")
    }

    @Test func itemNotAnObject() {
        #expect(catalogError(#"[{"name": "a"}, {"name": "b"}, "c"]"#)?.description == "test.json: item 3 should be an object, but it is a string")
    }

    @Test func wrongTypeInIPhoneSchema() {
        let json = """
        [
          {"name": "A", "announced": "2020-01-01", "chip": "X1", "storage_gb": [64]},
          {"name": "B", "announced": "2020-01-01", "chip": "X1", "storage_gb": [64]},
          {"name": "C", "announced": "2020-01-01", "chip": "X1", "storage_gb": "64 GB"}
        ]
        """
        #expect(catalogError(json)?.description == "test.json: item 3: \"storage_gb\" should be an array of numbers")
        #expect(catalogError(#"[{"announced": "2020-01-01", "chip": 7}]"#)?.description == "test.json: item 1: \"chip\" should be a string")
        #expect(catalogError(#"[{"announced": "Sept 2020", "chip": "X"}]"#)?.description == "test.json: item 1: \"announced\" should be a date written YYYY-MM-DD")
        #expect(catalogError(#"[{"announced": "2020-01-01", "chip": "X", "launch_price_usd": "999"}]"#)?.description == "test.json: item 1: \"launch_price_usd\" should be a number")
    }

    @Test func genericJSONIsNotTypeChecked() throws {
        let catalog = try decodeCatalog(#"[{"name": "A", "storage_gb": "lots", "chip": 7}]"#)
        #expect(catalog.first?.field("storage_gb") == "lots")
    }

    @Test func invalidUTF8() throws {
        var bytes = Array("[\n {\"name\": \"ab".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"}]".utf8)
        let error = catchError { try CatalogDecoder.decode(Data(bytes), source: "bad.json") }
        #expect(error?.description == "bad.json is not valid UTF-8: bad byte at line 2, column 14 (byte 15)")
    }

    @Test func fileLargerThan64MiBIsRefusedBeforeReading() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("huge.json")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(CatalogError.maximumByteCount) + 1)  // sparse: no data written
        try handle.close()
        let error = catchError { try CatalogFileReader.contents(ofPath: path) }
        #expect(error == .tooLarge(source: path, byteCount: CatalogError.maximumByteCount + 1, limit: CatalogError.maximumByteCount))
        #expect(error?.description == "\(path) is 64.0 MiB; catalogue files over 64 MiB are refused")
    }

    @Test func missingFileAndDirectoryNameTheOSReason() async throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("missing.json")
        let error = await catchError { try await FileCatalogService(path: missing).load() }
        #expect(error?.description == "Cannot read \(missing): No such file or directory")
        let isDirectory = await catchError { try await FileCatalogService(path: directory.path).load() }
        #expect(isDirectory?.description == "Cannot read \(directory.path): Is a directory")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let json = "[" + String(repeating: "[", count: 10_000)
        #expect(catalogError(json)?.description.contains("nesting deeper than 256 levels") == true)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let catalog = try CatalogDecoder.decode(Data([0xEF, 0xBB, 0xBF] + Array(#"[{"name": "x"}]"#.utf8)), source: "bom.json")
        #expect(catalog.count == 1)
    }
}
