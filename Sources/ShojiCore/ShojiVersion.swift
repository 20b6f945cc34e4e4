/// The framework's version: which release of Shoji an app was built with.
///
/// Shoji follows semantic versioning on the 0.x line: a minor release
/// (0.1 -> 0.2) may break source compatibility, listed with before/after
/// code in the CHANGELOG's *Migrating* section, and keeps every renamed
/// declaration as a deprecated alias for one minor release; a patch release
/// (0.1.0 -> 0.1.1) breaks nothing. Every app built with the kit prints it
/// with `--version` ("notes 1.2.0 (Shoji 0.1.0)").
public enum ShojiVersion {
    /// This build's version of Shoji, as tagged in its repository ("0.1.0").
    public static let current = "0.1.0"
}
