import CShojiPseudoTerminal

extension SessionTemplate {
    /// The most main-actor jobs one `settle` runs: a task that enqueues
    /// itself again for ever stops here instead of hanging the template.
    static let maximumSettledJobs = 100_000

    /// Runs `body` on the main thread with every job it puts on the main
    /// actor (a `Task { @MainActor in … }`, a main-actor continuation) kept
    /// here instead of going to the main dispatch queue, and run when
    /// `body` calls `settle` and once more when it returns.
    ///
    /// For a template's preparation that draws the app's first frame on a
    /// headless screen, so the runtime's caches that frame fills (type
    /// metadata, witness tables) are filled once and shared by every session
    /// copy-on-write: its screens start main-actor tasks, and the main
    /// queue's first use opens its wake-up descriptor, which a forked
    /// session would share with the template and every other session. The
    /// template refuses to fork while it holds one (or a second thread), so
    /// the body must not start a thread, a dispatch queue's work or a timer
    /// either; a job still waiting for one (a sleep, a download) stays
    /// suspended in the template and never runs.
    @MainActor
    public static func rehearse(_ body: (_ settle: () -> Void) -> Void) {
        cpt_capture_main_jobs(true)
        defer { cpt_capture_main_jobs(false) }
        body(settle)
        settle()
    }

    /// Runs the captured main-actor jobs, and those they enqueue, until
    /// none is left (or `maximumSettledJobs` ran).
    @MainActor
    private static func settle() {
        var ran = 0
        while ran < maximumSettledJobs, let job = cpt_take_main_job() {
            // An `UnownedJob` is the job's pointer and nothing else.
            unsafeBitCast(job, to: UnownedJob.self).runSynchronously(on: MainActor.sharedUnownedExecutor)
            ran += 1
        }
    }
}
