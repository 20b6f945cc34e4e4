import Testing

/// ncurses is process-wide: every test that creates a Screen lives under this
/// one serialized suite.
@Suite(.serialized)
@MainActor
struct WidgetsSuite {}
