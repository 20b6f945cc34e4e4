/// ``LaunchConfiguration`` under its name before 0.1.0: "options" are the
/// command line's only (``ShojiOptions``). Kept for the 0.1 releases; the
/// fix-it renames it.
@available(*, deprecated, renamed: "LaunchConfiguration")
public typealias LaunchOptions = LaunchConfiguration
