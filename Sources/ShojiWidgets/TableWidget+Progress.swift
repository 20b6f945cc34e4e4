import ShojiPresentation

extension TableWidget {
    /// How far loading has come, in the bottom line while the rows already
    /// there stay usable: a bar with the percentage and counts when the
    /// total is known, else a spinner with the count and the time so far.
    /// Nil ends the loading state. One call, as `ListScreenView.showProgress(_:)`
    /// on a list, so the progress and the loading state never disagree.
    public func showProgress(_ progress: WorkProgress?) {
        self.progress = progress
        isLoading = progress != nil
    }
}
