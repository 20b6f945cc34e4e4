import ShojiPresentation
import Testing

@Suite struct WorkProgressTests {
    @Test func aKnownTotalGivesTheFractionDoneCappedAtOne() {
        #expect(WorkProgress("Reading", completed: 250, total: 1_000).fraction == 0.25)
        #expect(WorkProgress("Reading", completed: 1_200, total: 1_000).fraction == 1)
        #expect(WorkProgress("Reading", completed: 0, total: 0).fraction == 1)
    }

    @Test func anUnknownTotalHasNoFractionAndCountsNeverGoNegative() {
        let progress = WorkProgress("Receiving", completed: -5)
        #expect(progress.fraction == nil)
        #expect(progress.completed == 0)
        #expect(WorkProgress("x", completed: 3, total: -1).total == 0)
    }
}
