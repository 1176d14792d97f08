import Glibc
import Platform
import Testing
@testable import Conformance
@testable import TouchTrackerApp

/// `conformance --drive` reads its commands in bounded memory (issue 34: a
/// 200 MB line took 1.16 GB): a line past the limit is skipped as it
/// arrives and named by its size; the lines around it still run.
@Suite struct DriveInputTests {
    /// Everything `next` returns for `bytes` written to a pipe, in chunks
    /// the pipe takes, until the end.
    private func lines(_ bytes: [UInt8], limit: Int) throws -> [DriveInput.Next] {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let reading = FileDescriptor(rawValue: ends[0])
        defer { try? reading.close() }
        // A pipe holds 64 KiB: the writer runs beside the reader.
        let writing = FileDescriptor(rawValue: ends[1])
        let writer = try BackgroundWork {
            try? writing.writeAll(bytes)
            try? writing.close()
        }
        var input = DriveInput(fd: reading, lineLimit: limit)
        var read: [DriveInput.Next] = []
        while true {
            let next = try input.next(signals: nil)
            read.append(next)
            if next == .end { break }
        }
        writer.join()
        return read
    }

    @Test func linesComeOneByOneWithTheLastWithoutItsNewline() throws {
        #expect(try lines(Array("down 0 1 2\n\nup 0\r\nquit".utf8), limit: 64)
                == [.line("down 0 1 2"), .line(""), .line("up 0\r"), .line("quit"), .end])
    }

    @Test func aLineOverTheLimitIsSkippedAndNamedAndTheNextStillComes() throws {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000_000)
        #expect(try lines(Array("up 0\n".utf8) + long + Array("\nup 1\n".utf8) + long, limit: 100)
                == [.line("up 0"), .tooLong(bytes: 1_000_000), .line("up 1"), .tooLong(bytes: 1_000_000), .end])
        #expect(try lines(Array(String(repeating: "y", count: 101).utf8) + [10], limit: 100) == [.tooLong(bytes: 101), .end])
        #expect(try lines(Array(String(repeating: "y", count: 100).utf8) + [10], limit: 100)
                == [.line(String(repeating: "y", count: 100)), .end])
    }

    /// A termination signal ends the wait for input.
    @Test func aSignalEndsTheWait() throws {
        let signals = try TerminationSignalFile.open()
        defer { try? signals.close() }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var input = DriveInput(fd: FileDescriptor(rawValue: ends[0]), lineLimit: 64)
        // Raised on this thread, which has the signals blocked: it waits on the signalfd.
        raise(SIGHUP)
        #expect(try input.next(signals: signals) == .signal)
        TerminationSignalFile.drain(signals)
    }
}
