import ShojiPresentation
import Testing

/// Numbers as progress writes them: the same text under every locale.
@Suite struct ProgressTextTests {
    @Test func countsHaveACommaBetweenThousandsWhateverTheLocale() {
        #expect(ProgressText.count(0) == "0")
        #expect(ProgressText.count(999) == "999")
        #expect(ProgressText.count(1_000) == "1,000")
        #expect(ProgressText.count(43_000) == "43,000")
        #expect(ProgressText.count(100_001) == "100,001")
        #expect(ProgressText.count(1_234_567) == "1,234,567")
        #expect(ProgressText.count(-1_234) == "-1,234")
        #expect(ProgressText.count(Int.min) == "-9,223,372,036,854,775,808")
    }

    @Test func bytesAreWrittenInDecimalUnitsWithOneDecimal() {
        #expect(ProgressText.bytes(0) == "0 B")
        #expect(ProgressText.bytes(999) == "999 B")
        #expect(ProgressText.bytes(1_000) == "1.0 kB")
        #expect(ProgressText.bytes(1_234_567) == "1.2 MB")
        #expect(ProgressText.bytes(4_000_000) == "4.0 MB")
        #expect(ProgressText.bytes(1_500_000_000) == "1.5 GB")
        // Rounding up to a thousand moves to the next unit, never "1000.0 kB".
        #expect(ProgressText.bytes(999_960) == "1.0 MB")
        #expect(ProgressText.bytes(999_940) == "999.9 kB")
    }

    @Test func elapsedTimeIsTenthsUnderAMinuteThenMinutesAndHours() {
        #expect(ProgressText.elapsed(.zero) == "0.0 s")
        #expect(ProgressText.elapsed(.milliseconds(1_299)) == "1.2 s", "rounded down: it changes when a tenth has passed")
        #expect(ProgressText.elapsed(.milliseconds(59_999)) == "59.9 s")
        #expect(ProgressText.elapsed(.seconds(60)) == "1:00")
        #expect(ProgressText.elapsed(.seconds(65)) == "1:05")
        #expect(ProgressText.elapsed(.seconds(3_725)) == "1:02:05")
        #expect(ProgressText.elapsed(.milliseconds(-5)) == "0.0 s")
    }

    @Test func progressWritesItsAmountsInItsUnit() {
        let download = WorkProgress("Receiving", completed: 1_200_000, total: 4_000_000, unit: .bytes)
        #expect(download.completedText == "1.2 MB" && download.totalText == "4.0 MB")
        let reading = WorkProgress("Reading entries", completed: 31_000, total: 50_000)
        #expect(reading.completedText == "31,000" && reading.totalText == "50,000")
        #expect(WorkProgress("x", completed: 5).totalText == nil)
    }

    @Test func percentIsRoundedDownSoOnlyDoneIsAHundred() {
        #expect(WorkProgress("x", completed: 31_000, total: 50_000).percent == 62)
        #expect(WorkProgress("x", completed: 999, total: 1_000).percent == 99)
        #expect(WorkProgress("x", completed: 1_000, total: 1_000).percent == 100)
        #expect(WorkProgress("x", completed: 0, total: 0).percent == 100)
        #expect(WorkProgress("x", completed: 0, total: 7).percent == 0)
        #expect(WorkProgress("x", completed: 7).percent == nil)
    }
}
