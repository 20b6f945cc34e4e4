import FilesApp

MainActor.assumeIsolated {
    FilesMain.run(arguments: Array(CommandLine.arguments.dropFirst()))
}
