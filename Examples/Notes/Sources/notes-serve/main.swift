import Foundation
import ShojiSSH

// `notes-serve [PORT] [STATE-DIR]`: the notes app over SSH as a public demo,
// one `notes` process per session on its own terminal. The whole server.
let arguments = CommandLine.arguments.dropFirst()
let state = arguments.dropFirst().first ?? NSHomeDirectory() + "/.local/state/notes"
let notes = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("notes")
var configuration = SSHAppServer.Configuration(appName: "notes", appExecutable: notes.path,
                                               hostKeyPath: state + "/ssh_host_ed25519_key")
configuration.port = arguments.first.flatMap(Int.init) ?? 2223
configuration.access = .everyone
// Every visitor's notes are their own, never the server user's: a folder per
// key (named by the key, kept), and a throwaway one per keyless session
// (all removed when the server starts again).
try? FileManager.default.removeItem(atPath: state + "/guests")
configuration.appArguments = { identity in
    let key = identity.publicKey?.split(separator: " ").dropFirst().first.map {
        String($0.map { $0 == "/" ? "_" : $0 })
    }
    return ["--data-dir", key.map { state + "/visitors/" + $0 } ?? state + "/guests/" + UUID().uuidString]
}
do { try SSHAppServer.serve(configuration) } catch { FileHandle.standardError.write(Data("notes-serve: \(error)\n".utf8)); exit(1) }
