import TopApp

MainActor.assumeIsolated {
    TopMain.run(arguments: Array(CommandLine.arguments.dropFirst()))
}
