/// One in-process benchmark: a name to select it by (`--only`), what it
/// measures in words, and the body that fills a sampler.
@MainActor
struct MicroBenchmark {
    let name: String
    let what: String
    let run: @MainActor (inout Sampler) -> Void
}
