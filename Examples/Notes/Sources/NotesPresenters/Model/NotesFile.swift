import Foundation

/// The notes on disk: one JSON file, `{"notes": [{"id", "title", "body"}]}`,
/// written whole and atomically. A save writes a temporary file beside it,
/// flushes it to the disk (`fsync`), renames it over the old file and
/// flushes the folder, so a crash or a full disk leaves either the old file
/// or the new one, never half of one.
package struct NotesFile: Sendable {
    /// The file's path.
    package let path: String

    package init(path: String) { self.path = path }

    /// `notes.json` in `directory`.
    package init(directory: String) { path = (directory as NSString).appendingPathComponent("notes.json") }

    private struct Contents: Codable {
        var notes: [Note]
    }

    /// The notes in the file; nil when there is no file yet. A file that is
    /// not exactly a notes file (``NotesFileReader``) is refused with the
    /// line and column of its first problem.
    package func load() throws(NotesFileError) -> [Note]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw NotesFileError(path: path, problem: "cannot be read (\(Self.reason(error)))")
        }
        do {
            return try NotesFileReader.notes(in: [UInt8](data))
        } catch {
            let at = NotesFileReader.position(of: error.offset, in: [UInt8](data))
            throw NotesFileError(path: path, problem: "is not a notes file: \(at): \(error.message)")
        }
    }

    /// Replaces the file with `notes`, atomically (see the type's summary).
    /// On failure the old file is as it was and the error says why. With
    /// `replacing` false a file already there is left alone and the save
    /// fails (a copy saved elsewhere never overwrites anything).
    package func save(_ notes: [Note], replacing: Bool = true) throws(NotesFileError) {
        let data: Data
        do { data = try Self.encoded(notes) } catch {
            throw NotesFileError(path: path, problem: "could not be encoded (\(Self.reason(error)))")
        }
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory as NSString).appendingPathComponent(".notes.json.\(getpid()).tmp")
        if let problem = Self.writeDurably(data, to: temporary) {
            unlink(temporary)
            throw NotesFileError(path: path, problem: "could not be saved: \(problem)")
        }
        // link(2) makes the name only when it is free; rename(2) replaces.
        guard (replacing ? rename(temporary, path) : link(temporary, path)) == 0 else {
            let problem = errno == EEXIST ? "a file of that name is there already" : String(cString: strerror(errno))
            unlink(temporary)
            throw NotesFileError(path: path, problem: "could not be saved: \(problem)")
        }
        if !replacing { unlink(temporary) }
        // The rename is durable once the folder's entry is on disk.
        let folder = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// The file's bytes for `notes`, as a save writes them.
    package static func encoded(_ notes: [Note]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(Contents(notes: notes))
    }

    /// Writes `data` to a new file at `path` and flushes it; the error's
    /// text on failure.
    private static func writeDurably(_ data: Data, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        // A write past RLIMIT_FSIZE raises SIGXFSZ, which would kill the app:
        // ignored, the write fails with EFBIG instead.
        signal(SIGXFSZ, SIG_IGN)
        let failure: String? = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
        if let failure { return failure }
        return fsync(descriptor) == 0 ? nil : String(cString: strerror(errno))
    }

    private static func reason(_ error: any Error) -> String { (error as NSError).localizedDescription }
}

/// Reading or writing the notes file failed: which file, and what went wrong.
package struct NotesFileError: Error, Equatable, CustomStringConvertible {
    package let path: String
    package let problem: String
    /// Whether the change was refused for the ``NoteQuota`` (``problem``
    /// says so in one line): nothing changed, in memory or on disk.
    package var exceedsQuota = false

    package var description: String { exceedsQuota ? problem : "\(path) \(problem)" }
}
