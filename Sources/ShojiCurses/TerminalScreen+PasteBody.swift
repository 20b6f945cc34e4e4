#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CShojiCurses

/// A paste's body read past ncurses (``PasteBodyReader``), and the bytes
/// read past its end handed back to ncurses in order.
extension TerminalScreen {
    /// Reads the body of the paste that just started until its end marker
    /// or until the terminal has nothing more now; the paste's key goes to
    /// `keys` when it ends.
    func readPasteBody(into keys: inout [TerminalKey]) {
        while inputSequences.readsPasteBody, let bytes = pasteBody.nextBytes(read: { readWaitingInput() }) {
            readPasteBodyInLastBatch = true
            let ended = pasteBody.consume(bytes) { inputSequences.appendPasteBody($0) }
            guard ended else { continue }
            for byte in PasteBodyReader.endMarker {
                inputSequences.push(TerminalKey.decode(UInt32(byte), isFunctionKey: false), into: &keys)
            }
            handBack(pasteBody.takeHandback(), into: &keys)
        }
    }

    /// Has ncurses decode `bytes` (read past a paste's end) before it reads
    /// the terminal again: for that while, a pipe holding them stands in
    /// for the input descriptor. A sequence they end inside is completed
    /// from the terminal first, within the escape delay, as ncurses would.
    private func handBack(_ bytes: [UInt8], into keys: inout [TerminalKey]) {
        guard !bytes.isEmpty else { return }
        var bytes = bytes
        if PasteBodyReader.endsInsideASequence(bytes) {
            let deadline = ContinuousClock.now + .milliseconds(Int(get_escdelay()))
            while PasteBodyReader.endsInsideASequence(bytes) {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero, let more = readWaitingInput(timeout: left.pollTimeout) else { break }
                bytes += more
            }
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        let saved = fcntl(inputDescriptor, F_DUPFD_CLOEXEC, 0)
        guard saved >= 0 else {
            // Out of descriptors: the input stays the terminal's.
            close(ends[0])
            close(ends[1])
            return
        }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        _ = dup2(ends[0], inputDescriptor)
        close(ends[0])
        var writeEnd = ends[1]
        defer {
            if writeEnd >= 0 { close(writeEnd) }
            _ = dup2(saved, inputDescriptor)
            close(saved)
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if errno != EAGAIN {
                return
            }
            if offset == bytes.count {
                // At the end of the pipe ncurses finds the end of input, so
                // it does not wait the escape delay after a lone Esc again.
                close(writeEnd)
                writeEnd = -1
            }
            while let key = nextKey() { inputSequences.push(key, into: &keys) }
        }
    }

    /// One read of what the input descriptor holds now (or within
    /// `timeout` milliseconds), nil when nothing.
    private func readWaitingInput(timeout: Int32 = 0) -> [UInt8]? {
        var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeout) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: PasteBodyReader.readSize)
        let count = buffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return Array(buffer[..<count])
    }
}
