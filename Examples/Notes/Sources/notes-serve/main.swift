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
do { try SSHAppServer.serve(configuration) } catch { FileHandle.standardError.write(Data("notes-serve: \(error)\n".utf8)); exit(1) }
