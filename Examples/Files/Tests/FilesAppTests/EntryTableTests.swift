import Testing
@testable import FilesPresenters

/// The listing's storage: names in one buffer, a record each.
struct EntryTableTests {
    static let kinds: [EntryKind] = [
        .directory, .file, .fifo, .characterDevice, .blockDevice, .socket, .other,
        .symlink(target: nil), .symlink(target: .directory), .symlink(target: .file), .symlink(target: .socket),
    ]

    @Test func everyKindSurvivesItsOneByteCode() {
        for kind in Self.kinds { #expect(EntryKind(code: kind.code) == kind) }
        #expect(Set(Self.kinds.map(\.code)).count == Self.kinds.count)
    }

    @Test func entriesComeBackAsAppendedAcrossBatches() {
        let first: [DirectoryEntry] = [
            DirectoryEntry(name: [0x62, 0xFF, 0xFE], kind: .file, size: 5_000_000_000, modified: -3),
            DirectoryEntry(name: Array("sub".utf8), kind: .directory, size: 4096, modified: 1_700_000_000),
        ]
        let second: [DirectoryEntry] = [
            DirectoryEntry(name: Array(".hidden".utf8), kind: .symlink(target: nil), size: 7, modified: 9),
            DirectoryEntry(name: Array(repeating: 0x78, count: 255), kind: .symlink(target: .directory)),
        ]
        var table = EntryTable(first)
        table.append(contentsOf: EntryTable(second))
        #expect(Array(table) == first + second)
        #expect(table.displayName(at: 0) == "b\u{FFFD}\u{FFFD}")
        #expect(table.hasName(Array("sub".utf8), at: 1) && !table.hasName(Array("su".utf8), at: 1))
        #expect(table.indices.map(table.isHidden(at:)) == [false, false, true, false])
        #expect(table.indices.map(table.opensAsDirectory(at:)) == [false, true, false, true])
        #expect(table.indices.map(table.isDanglingLink(at:)) == [false, false, true, false])
        table.truncate(to: 2)
        #expect(Array(table) == first)
        table.append(second[1])
        #expect(Array(table) == first + [second[1]], "the names cut off are gone from the buffer too")
    }

    private func order(_ names: [String], kinds: [EntryKind]? = nil, sizes: [Int64]? = nil,
                       by sort: EntrySort = .name, ascending: Bool = true) -> [String] {
        let table = EntryTable(names.indices.map {
            DirectoryEntry(name: Array(names[$0].utf8), kind: kinds?[$0] ?? .file, size: sizes?[$0] ?? 0)
        })
        return table.sorted(table.indices.map(UInt32.init), by: sort, ascending: ascending).map { names[Int($0)] }
    }

    @Test func namesSortWithAsciiCaseFoldedAndTiesInTheOrderRead() {
        #expect(order(["b", "B", "a", "A", "ab", ""]) == ["", "a", "A", "ab", "b", "B"])
        // Equal first words, then a difference of case only, then a real one.
        #expect(order(["ABCDEFGHIz", "abcdefghiy", "abcdefghIY", "abcdefgh"])
                == ["abcdefgh", "abcdefghiy", "abcdefghIY", "ABCDEFGHIz"])
        #expect(order(["file-000010.txt", "file-000002.txt", "FILE-000003.TXT"])
                == ["file-000002.txt", "FILE-000003.TXT", "file-000010.txt"])
        #expect(order(["a", "b", "c"], ascending: false) == ["c", "b", "a"])
    }

    @Test func directoriesComeFirstWhateverTheOrder() {
        let kinds: [EntryKind] = [.file, .symlink(target: .directory), .directory, .symlink(target: nil)]
        #expect(order(["a", "z", "m", "b"], kinds: kinds) == ["m", "z", "a", "b"])
        #expect(order(["a", "z", "m", "b"], kinds: kinds, ascending: false) == ["z", "m", "b", "a"])
        #expect(order(["a", "z", "m", "b"], kinds: kinds, sizes: [3, 1, 2, 9], by: .size) == ["z", "m", "a", "b"])
        #expect(order(["a", "z", "m", "b"], kinds: kinds, sizes: [3, 1, 2, 9], by: .size, ascending: false)
                == ["m", "z", "b", "a"])
    }

}
