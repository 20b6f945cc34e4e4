import Testing
@testable import ShojiAppKit

/// `ShojiApp.requestQuit()`: the user's quit asks `shouldQuit` first. Only
/// the staying side can run in the test process (quitting exits it); the
/// notes app's end-to-end tests quit through it for real.
extension AppKitSuite {
    @Suite @MainActor struct QuitApprovalTests {
        @Test func aQuitTheAppDeclinesKeepsItRunningAndAsksEachTime() {
            let app = ShojiApp(name: "demo")
            app.routeStore = nil
            var asked = 0
            app.shouldQuit = {
                asked += 1
                return false
            }
            // Were the answer ignored, `quit()` would exit this test process here.
            app.requestQuit()
            app.requestQuit()
            #expect(asked == 2)
        }
    }
}
