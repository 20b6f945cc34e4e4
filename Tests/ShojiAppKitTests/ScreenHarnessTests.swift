import Foundation
import Testing
@testable import ShojiAppKit
import ShojiTesting

/// The harness users' screen tests get: steps, reading back, snapshot files
/// and the process-wide turn.
extension AppKitSuite {
    @Suite @MainActor struct ScreenHarnessTests {
        @Test func stepsRenderAndReadBackTextAttributesAndCursor() async {
            await withScreenHarness(size: CellSize(width: 40, height: 8), title: "demo") { harness in
                harness.start(ChoresCoordinator(router: harness.router))
                #expect(harness.lines[0] == " demo › Chores")
                #expect(harness.lines[1] == "water the plants")
                #expect(harness.attributeLines[1].hasPrefix("R"), "the selected row is reversed")
                harness.press(.down)
                #expect(harness.attributeLines[2].hasPrefix("R"))
                harness.press(.character("/"))
                harness.type("fe")
                #expect(harness.lines[1] == "feed the cat")
                #expect(harness.cursor != nil, "the filter field shows the cursor")
                harness.send(bytes: "\u{1B}")
                harness.resize(to: CellSize(width: 30, height: 6))
                #expect(harness.snapshot().size == CellSize(width: 30, height: 6))
                harness.press(.character("q"))
                #expect(harness.quitRequests == 1)
            }
        }

        @Test func advanceFiresTimersOnVirtualTime() async {
            await withScreenHarness(size: CellSize(width: 30, height: 6)) { harness in
                var fired = 0
                let timer = harness.clock.after(.milliseconds(500)) { fired += 1 }
                harness.advance(by: .milliseconds(499))
                #expect(fired == 0)
                harness.advance(by: .milliseconds(1))
                #expect(fired == 1)
                timer.cancel()
            }
        }

        @Test func harnessesTakeTurnsInsteadOfOverlapping() async {
            let order = Order()
            let tasks = ["a", "b", "c"].map { name in
                Task { @MainActor in
                    await withScreenHarness(size: CellSize(width: 20, height: 5)) { _ in
                        order.names.append("\(name){")
                        await Task.yield()
                        await Task.yield()
                        order.names.append("}")
                    }
                }
            }
            for task in tasks { await task.value }
            #expect(order.names.count == 6)
            #expect(order.names.enumerated().allSatisfy { $0.offset % 2 == 1 ? $0.element == "}" : $0.element.hasSuffix("{") },
                    "\(order.names)")
            #expect(!ScreenHarnessLock.isLocked)
        }

        @Test func aSecondHarnessWhileOneIsAliveIsReported() async {
            await withScreenHarness(size: CellSize(width: 20, height: 5)) { _ in
                withKnownIssue {
                    let second = ScreenHarness(size: CellSize(width: 20, height: 5))
                    second.end()
                } matching: { issue in
                    issue.comments.contains { $0.rawValue.contains(".serialized") }
                }
            }
            #expect(!ScreenHarnessLock.isLocked)
        }

        @Test func aSnapshotIsRecordedThenMatchedThenFailsWithALineDiff() throws {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("shoji-snapshots-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let testFile = folder.appendingPathComponent("ChoresTests.swift").path
            let harness = ScreenHarness(size: CellSize(width: 24, height: 5), title: "demo")
            defer { harness.end() }
            harness.start(ChoresCoordinator(router: harness.router))

            let path = folder.appendingPathComponent("__Snapshots__/ChoresTests/chores.txt").path
            #expect(harness.verifySnapshot("chores", filePath: testFile, mode: .missing) == .recorded(path: path))
            let recorded = try String(contentsOfFile: path, encoding: .utf8)
            #expect(recorded.hasPrefix("# 24x5, cursor hidden\n demo › Chores\nwater the plants\ntake out the bins\nfeed the cat\n"))
            #expect(recorded.contains("\n--- attributes ---\nBBBBBBBBBBBBBBBBBBBBBBBB\nRRRRRRRRRRRRRRRRRRRRRRRR\n"))
            #expect(harness.verifySnapshot("chores", filePath: testFile, mode: .never) == .matched)

            harness.press(.down)
            let outcome = harness.verifySnapshot("chores", filePath: testFile, mode: .never)
            #expect(outcome == .mismatched(path: path, diff: """
                …
                    7│--- attributes ---
                    8│BBBBBBBBBBBBBBBBBBBBBBBB
                -   9│RRRRRRRRRRRRRRRRRRRRRRRR
                   10│
                +  10│RRRRRRRRRRRRRRRRRRRRRRRR
                   11│
                   12│   B       B
                …
                """))
            withKnownIssue {
                harness.expectSnapshot("chores", filePath: testFile)
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("- recorded, + now") && $0.rawValue.contains("+  10│RRRR") }
            }
            #expect(harness.verifySnapshot("missing", filePath: testFile, mode: .never)
                == .missing(path: folder.appendingPathComponent("__Snapshots__/ChoresTests/missing.txt").path))
        }

        @Test func snapshotsOfATestTargetLiveUnderTestsSnapshotsOutsideEveryTarget() {
            #expect(SnapshotFile.path(named: "home", filePath: "/work/app/Tests/AppTests/Home/HomeTests.swift")
                == "/work/app/Tests/__Snapshots__/AppTests/Home/HomeTests/home.txt")
            #expect(SnapshotFile.path(named: "home", filePath: "/work/app/Tests/AppTests/HomeTests.swift")
                == "/work/app/Tests/__Snapshots__/AppTests/HomeTests/home.txt")
            // Not below a Tests folder: beside the file, as before.
            #expect(SnapshotFile.path(named: "x", filePath: "/tmp/ChoresTests.swift") == "/tmp/__Snapshots__/ChoresTests/x.txt")
        }

        @Test func theLineDiffShowsContextAndSkipsTheRest() {
            let old = (1...12).map { "line \($0)" }.joined(separator: "\n")
            let new = old.replacingOccurrences(of: "line 6", with: "line six")
            #expect(SnapshotFile.lineDiff(expected: old, actual: new) == """
                …
                    4│line 4
                    5│line 5
                -   6│line 6
                +   6│line six
                    7│line 7
                    8│line 8
                …
                """)
        }

        /// A snapshot kept in the repository, beside this file.
        @Test func theReadmesAppMatchesItsStoredSnapshot() {
            let harness = ScreenHarness(size: CellSize(width: 40, height: 8), title: "chores")
            defer { harness.end() }
            harness.start(ChoresCoordinator(router: harness.router))
            harness.press(.down, .enter)
            harness.expectSnapshot("did-you-take-out-the-bins")
        }
    }
}

@MainActor private final class Order {
    var names: [String] = []
}
