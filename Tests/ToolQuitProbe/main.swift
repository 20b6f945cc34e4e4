import ShojiTools
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

// ShojiToolsTests' app for a run still going when the app exits: it starts
// `sleep 60` through a tool (in a shell that prints its process number
// first, then becomes the sleep), prints that number, and exits with the
// run still going. The test then checks that the sleep is gone.
func startSleep() async throws {
    for try await pid in Tool(["/bin/sh", "-c", "echo $$; exec sleep 60"]).lines() {
        let line = pid + "\n"
        _ = write(1, line, line.utf8.count)
        exit(0)
    }
}

try await startSleep()
exit(1)
