import Testing

/// ncurses state, the locale and the environment are process-wide, so every
/// test that touches them lives under this one serialized suite.
@Suite(.serialized)
@MainActor
struct CursesSuite {}
