#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Dispatch

extension ShojiApp {
    /// Starts the app on a loading screen, loads its model off the main
    /// thread, then starts the root coordinator `makeRoot` builds from it;
    /// never returns.
    ///
    /// ```swift
    /// app.run(loading: { progress in try NotesLauncher.loadNotes(from: file, progress: progress) }) { context, notes in
    ///     NotesAppCoordinator(router: context.router, store: NoteStore(notes: notes, file: file))
    /// }
    /// ```
    ///
    /// The screen is up at once: a spinner until `load` reports through its
    /// `ProgressReporter`, then its progress. Keys work
    /// meanwhile (`q` and Ctrl-C quit). When `load` throws, the terminal is
    /// restored and the app exits with one line naming the problem and
    /// status 1 (a `LaunchError`'s own status when it throws one). `--open`
    /// is checked twice: its form before the screen starts, and whether it
    /// names something that exists once the model is loaded (status 64,
    /// the valid forms listed, either way).
    ///
    /// - Parameters:
    ///   - load: reads the model; runs on a global dispatch queue, so it
    ///     may block (a file, a database) and must not touch the screen.
    ///   - makeRoot: builds the root coordinator on the main actor from the
    ///     loaded model.
    public func run<Model: Sendable, Root: Coordinator>(
        loading load: @escaping @Sendable (ProgressReporter) throws -> Model,
        _ makeRoot: @escaping (AppContext, Model) -> Root
    ) -> Never {
        do throws(LaunchError) {
            let requested = try requestedPath(resolvedBy: Root.self)
            let context = try startScreen()
            let loading = LoadingPanelView(clock: context.clock)
            context.router.setRoot(loading)
            let reporter = ProgressReporter { [weak loading] progress in loading?.show(progress) }
            Task { @MainActor in
                let outcome = await Self.loadOffTheMainThread { try load(reporter) }
                self.finishLoading(outcome, context: context, opening: requested, makeRoot: makeRoot)
            }
            startLoop()
        } catch {
            error.exit(program: name)
        }
    }

    /// Runs `load` on a global dispatch queue, not on Swift's cooperative
    /// pool: a load that blocks (reading a file) must not hold one of the
    /// pool's few threads.
    nonisolated private static func loadOffTheMainThread<Model: Sendable>(
        _ load: @escaping @Sendable () throws -> Model
    ) async -> Result<Model, any Error> {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Result { try load() })
            }
        }
    }

    private func finishLoading<Model, Root: Coordinator>(
        _ outcome: Result<Model, any Error>, context: AppContext, opening requested: (RoutePath, Bool)?,
        makeRoot: (AppContext, Model) -> Root
    ) {
        do throws(LaunchError) {
            switch outcome {
            case .success(let model):
                try begin(makeRoot(context, model), opening: requested)
            case .failure(let error as LaunchError):
                throw error
            case .failure(let error):
                throw LaunchError(String(describing: error), exitStatus: 1)
            }
        } catch {
            context.screen.end()
            error.exit(program: name)
        }
    }
}
