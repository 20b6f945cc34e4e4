import Foundation
import ShojiSSH

// The tests' app for session templates: it says how it started, then
// answers each line typed until `exit N`. With TEMPLATE_APP_STARTS_THREAD
// its preparation starts a thread, with TEMPLATE_APP_USES_MAIN_QUEUE it puts
// work on the main dispatch queue: either way the template must refuse to
// fork.
let sessionArguments = SessionTemplate.serveIfAsked {
    if getenv("TEMPLATE_APP_STARTS_THREAD") != nil {
        Thread.detachNewThread { while true { sleep(60) } }
        usleep(50_000)
    }
    if getenv("TEMPLATE_APP_USES_MAIN_QUEUE") != nil {
        DispatchQueue.main.async {}
    }
}
/// One line on the terminal at once (no buffering to flush).
func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

let arguments = sessionArguments ?? Array(CommandLine.arguments.dropFirst())
let variable = { (name: String) in getenv(name).map { String(cString: $0) } ?? "-" }
say("ready \(sessionArguments == nil ? "spawned" : "forked") pid=\(getpid()) args=\(arguments.joined(separator: ","))"
      + " session=\(variable("SHOJI_SSH_SESSION")) term=\(variable("TERM")) tty=\(isatty(0) == 1)"
      + " template=\(variable("SHOJI_SESSION_TEMPLATE"))")
while let line = readLine() {
    if line.hasPrefix("exit "), let status = Int32(line.dropFirst(5)) { exit(status) }
    say("got [\(line)]")
}
