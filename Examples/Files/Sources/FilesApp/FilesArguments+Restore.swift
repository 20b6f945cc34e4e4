import FilesPresenters
import ShojiAppKit

extension FilesArguments {
    /// `--restore`: the folder the last run quit in becomes the start
    /// folder, wherever `files` is run from (a previewed file opens in its
    /// folder, previewed again). A saved folder deleted since opens at the
    /// deepest folder above it that is still there, and `notice` says so;
    /// nothing saved, or nothing of it left, is a one-line error (64).
    func restoring(saved: BytePath?, from file: String) throws(LaunchError) -> (FilesArguments, notice: String?) {
        guard let saved else {
            throw LaunchError("cannot restore: no folder was saved yet (\(file) is missing or unreadable)", exitStatus: 64)
        }
        var result = self
        result.restore = false
        var candidate = saved
        var notice: String?
        while true {
            if let kind = try? DirectoryReader.kind(of: candidate).kind {
                if kind == .directory {
                    result.root = candidate
                    break
                }
                if kind == .file, candidate == saved {
                    result.root = candidate.parent
                    result.open = candidate
                    break
                }
            }
            guard !candidate.isRoot else {
                throw LaunchError("cannot restore \(saved): none of its folders can be opened", exitStatus: 64)
            }
            candidate = candidate.parent
            notice = "\(saved) no longer exists (or is not a folder): opened \(candidate), the nearest folder above it."
        }
        return (result, notice)
    }
}
