import FuzzDriver
@testable import FilesPresenters

/// The file browser's decoding of names and contents it did not choose: a
/// path's bytes split into components and joined back unchanged, a name's
/// display text (invalid UTF-8 as U+FFFD, never dropped or crashing), and a
/// preview deciding text or binary from a file's first bytes.
@main enum FuzzFileNames {
    static func main() { runFuzzer(testOneInput) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(fuzzInput(data, size))
    let path = BytePath(bytes: [0x2F] + bytes)
    let components = path.components
    if components.contains(where: { $0.isEmpty || $0.contains(0x2F) }) { fuzzFailure("an empty component or one with a slash") }
    if BytePath(components: components) != path { fuzzFailure("components do not join back to the path") }
    if path.bytes.first != 0x2F || (path.bytes.count > 1 && path.bytes.last == 0x2F) { fuzzFailure("not absolute, or a trailing slash") }
    let name = bytes.filter { $0 != 0x2F && $0 != 0 }
    let shown = FileName.display(name)
    if name.count > 0, shown.isEmpty { fuzzFailure("a name of \(name.count) bytes shows as nothing") }
    if String(decoding: name, as: UTF8.self) != shown { fuzzFailure("display differs from UTF-8 decoding with replacement") }
    let entry = DirectoryEntry(name: name, kind: .file)
    if entry.displayName.isEmpty, !name.isEmpty { fuzzFailure("an entry's display name is empty") }
    for truncatedSize in [Int64(bytes.count), Int64(bytes.count) + 1] {
        let preview = FilePreview(name: shown, size: truncatedSize, modified: 0, bytes: bytes)
        if case .binary(_, let dump) = preview.content, dump.isEmpty, !bytes.isEmpty { fuzzFailure("a binary preview with no hex dump") }
    }
    return 0
}
