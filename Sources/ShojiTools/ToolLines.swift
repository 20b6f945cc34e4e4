/// A tool's standard output, line by line as the reader asks for it
/// (``Tool/lines()``).
///
/// Each iterator is a run of its own: iterating twice runs the program
/// twice.
public struct ToolLines: AsyncSequence, Sendable {
    /// A line, without its line feed.
    public typealias Element = String

    /// The tool it runs.
    public let tool: Tool

    /// A new run of the tool, started when its first line is asked for.
    public func makeAsyncIterator() -> Iterator {
        Iterator(tool: tool)
    }

    /// Reads one run's lines; dropping it ends the run.
    public struct Iterator: AsyncIteratorProtocol {
        private let reader: ToolLineReader

        init(tool: Tool) {
            reader = ToolLineReader(tool: tool)
        }

        /// The next line, or nil after the last one.
        ///
        /// - Throws: ``ToolError`` when the program could not start, ended
        ///   other than with status 0 (after its last line), passed the
        ///   timeout, wrote a line longer than the output limit, or the
        ///   task was cancelled.
        public mutating func next() async throws -> String? {
            try await reader.next()
        }
    }
}

/// An iterator's state: the run, once started, and the bytes of a line not
/// yet ended. A class, so that dropping the last copy of the iterator ends
/// the run.
final class ToolLineReader {
    private let tool: Tool
    private var run: ToolRun?
    /// Output not returned yet starts at `start`; `scanned` is where the
    /// search for the next line feed goes on.
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var finished = false
    /// A failed exit, thrown once the lines before it were read.
    private var failure: ToolError?

    init(tool: Tool) {
        self.tool = tool
    }

    deinit {
        run?.stop(.cancelled)
    }

    func next() async throws(ToolError) -> String? {
        if run == nil && !finished {
            if Task.isCancelled { throw ToolError(.cancelled, tool: tool) }
            run = try ToolRun.start(tool, mode: .stream)
        }
        while true {
            if let end = buffer[scanned...].firstIndex(of: 10) {
                let line = ToolLineSplitter.line(buffer[start..<end])
                start = end + 1
                scanned = start
                return line
            }
            scanned = buffer.count
            if finished {
                if start < buffer.count {
                    let line = ToolLineSplitter.line(buffer[start...])
                    start = buffer.count
                    return line
                }
                if let failure {
                    self.failure = nil
                    throw failure
                }
                return nil
            }
            if buffer.count - start > tool.outputLimit {
                run?.stop(.outputLimitPassed(tool.outputLimit))
            }
            guard let run else { return nil }
            let (bytes, result) = await run.take()
            // What was returned goes before more is added.
            if start > 0 {
                buffer.removeSubrange(..<start)
                scanned -= start
                start = 0
            }
            buffer.append(contentsOf: bytes)
            if let result {
                finished = true
                self.run = nil
                if case .failure(let error) = result {
                    guard case .failed = error.reason else {
                        buffer = []
                        start = 0
                        scanned = 0
                        throw error
                    }
                    failure = error
                }
            }
        }
    }
}

/// Bytes of a line made a line of text.
enum ToolLineSplitter {
    /// `bytes` without a trailing carriage return, as UTF-8 with invalid
    /// bytes replaced.
    static func line(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes, as: UTF8.self)
    }
}
