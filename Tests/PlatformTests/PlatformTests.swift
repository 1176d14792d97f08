import Glibc
@testable import Platform
import Testing
import TestSupport

@Suite struct RetryTests {
    @Test func aCallInterruptedBySignalsIsMadeAgain() throws {
        var calls = 0
        let result = try retryingOnInterrupt { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7)
        #expect(calls == 3)
    }

    @Test func anyOtherFailureIsThrownWithItsReason() {
        #expect(throws: Errno.noSpace) {
            try retryingOnInterrupt { () -> Int32 in
                errno = ENOSPC
                return -1
            }
        }
        #expect(Errno.noSpace.description == "No space left on device")
    }
}

@Suite struct FileTests {
    @Test func writeAllWritesEveryByteAndReadGetsThemBack() throws {
        let directory = try TemporaryDirectory(prefix: "platform-tests")
        let path = directory.path + "/file"
        // Larger than one write to a pipe or a page, to take several calls.
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let writer = try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusiveCreate], permissions: 0o600)
        try writer.writeAll(bytes)
        try writer.synchronize()
        try writer.close()

        let reader = try FileDescriptor.open(path, .readOnly)
        defer { try? reader.close() }
        #expect(try reader.status().size == bytes.count)
        var back = [UInt8](repeating: 0, count: bytes.count + 1)
        var count = 0
        while true {
            let got = try reader.read(into: &back, startingAt: count)
            if got == 0 { break }
            count += got
        }
        #expect(Array(back[0..<count]) == bytes)
        var head = [UInt8](repeating: 0, count: 4)
        #expect(try reader.read(fromAbsoluteOffset: 10, into: &head) == 4)
        #expect(head == Array(bytes[10..<14]))
    }

    @Test func openingAMissingFileSaysSo() {
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try FileDescriptor.open("/nonexistent/touchtracker", .readOnly)
        }
    }

    @Test func statusTellsTheKindsOfFileApart() throws {
        let directory = try TemporaryDirectory(prefix: "platform-tests")
        let file = directory.path + "/file", fifo = directory.path + "/fifo", link = directory.path + "/link"
        try AtomicReplacement.replace(file, with: [1, 2, 3])
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(symlink(file, link) == 0)

        #expect(try FileStatus(path: directory.path).kind == .directory)
        #expect(try FileStatus(path: fifo).kind == .fifo)
        #expect(try FileStatus(path: file).size == 3)
        #expect(try FileStatus(path: link).kind == .regular)
        #expect(try FileStatus(linkAt: link).kind == .symbolicLink)
        #expect(try FileStatus(path: link).isSameFile(as: FileStatus(path: file)))
        #expect(try FileSystem.linkTarget(of: link) == file)
        #expect(FileKind.fifo.userName == "a FIFO (named pipe)")
    }

    @Test func anExclusiveLockIsRefusedToASecondOpenFile() throws {
        let directory = try TemporaryDirectory(prefix: "platform-tests")
        let path = directory.path + "/lock"
        let first = try FileDescriptor.open(path, .readOnly, options: .create, permissions: 0o600)
        let second = try FileDescriptor.open(path, .readOnly)
        defer { try? first.close(); try? second.close() }
        #expect(try first.tryLockExclusively())
        #expect(try !second.tryLockExclusively())
        first.unlock()
        #expect(try second.tryLockExclusively())
    }
}

@Suite struct AtomicReplacementTests {
    @Test func aCommittedReplacementHoldsTheNewBytesPrivatelyAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory(prefix: "platform-tests")
        let path = directory.path + "/made/on/demand/drawing.json"
        try AtomicReplacement.replace(path, with: Array("old".utf8))
        try AtomicReplacement.replace(path, with: Array("new".utf8))
        #expect(try read(path) == "new")
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(TemporaryDirectory.entries(of: directory.path + "/made/on/demand") == ["drawing.json"])
    }

    @Test func aDiscardedReplacementLeavesTheOldFileAsItWas() throws {
        let directory = try TemporaryDirectory(prefix: "platform-tests")
        let path = directory.path + "/settings.conf"
        try AtomicReplacement.replace(path, with: Array("old".utf8))
        let pending = try AtomicReplacement.prepare(path, with: Array("new".utf8))
        #expect(try read(path) == "old")
        pending.discard()
        #expect(try read(path) == "old")
        #expect(directory.entries() == ["settings.conf"])
    }

    @Test func aFailureNamesTheOperationThePathAndTheReason() throws {
        let directory = try TemporaryDirectory(prefix: "platform-tests")
        let blocker = directory.path + "/not-a-directory"
        try AtomicReplacement.replace(blocker, with: [])
        do {
            try AtomicReplacement.replace(blocker + "/drawing.json", with: [1])
            Issue.record("writing under a file succeeded")
        } catch {
            #expect(error.description.hasSuffix(": Not a directory"))
            #expect(error.path.hasPrefix(blocker))
        }
    }

    private func read(_ path: String) throws -> String {
        let fd = try FileDescriptor.open(path, .readOnly)
        defer { try? fd.close() }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = try fd.read(into: &bytes)
        return String(decoding: bytes[0..<count], as: UTF8.self)
    }
}

@Suite struct PollTests {
    @Test func pollWakesForAReadablePipeAndTimesOutOnAnEmptyOne() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var descriptors = [PollDescriptor(fd: fds[0], events: .readable)]
        try Poll.wait(&descriptors) { 0 }
        #expect(descriptors[0].returned.isEmpty)

        try FileDescriptor(rawValue: fds[1]).writeAll([42])
        try Poll.wait(&descriptors) { -1 }
        #expect(descriptors[0].returned.contains(.readable))
    }
}

@Suite struct SharedMemoryTests {
    @Test func sharedMemoryHasItsSizeAndTwoMappingsSeeTheSameBytes() throws {
        let (fd, mapping) = try SharedMemoryFile.create(name: "platform-test", size: 4096)
        defer { try? fd.close(); mapping.unmap() }
        #expect(try fd.status().size == 4096)
        mapping.base.storeBytes(of: 0xAB, toByteOffset: 100, as: UInt8.self)
        let second = try MemoryMapping(fd, size: 4096, access: .privateReadOnly)
        defer { second.unmap() }
        #expect(second.base.load(fromByteOffset: 100, as: UInt8.self) == 0xAB)
    }
}

@Suite struct TimeTests {
    @Test func calendarDatesInUTC() {
        // 2026-12-01 14:05:32 UTC.
        let date = CalendarDate.utc(1_796_133_932)
        #expect(date.compact == "20261201T140532")
        #expect(date.readable == "2026-12-01 14.05.32")
        #expect(CalendarDate.utc(0).compact == "19700101T000000")
    }

    @Test func systemClockIsMonotonic() {
        let clock = SystemClock()
        let a = clock.now
        let b = clock.now
        #expect(b >= a)
        #expect(a > 0)
    }

    @Test func theMonotonicClockNeverGoesBackwards() {
        var last = Time.monotonicSeconds()
        for _ in 0..<1000 {
            let now = Time.monotonicSeconds()
            #expect(now >= last)
            last = now
        }
    }
}

/// `TerminationSignalFile.blockInThisAndLaterThreads`, which `main` calls
/// first: threads started afterwards, by the app or by a library, inherit
/// the block, so no signal reaches one of them and ends the process.
@Suite struct TerminationSignalBlockTests {
    private static func blocksTerminationSignals() -> Bool {
        var set = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &set)
        return [SIGINT, SIGTERM, SIGHUP].allSatisfy { sigismember(&set, $0) == 1 }
    }

    @Test func aThreadStartedAfterTheBlockInheritsIt() throws {
        // On a thread of its own, so the test runner's threads keep their mask.
        nonisolated(unsafe) var before = true
        nonisolated(unsafe) var inWorker = false
        nonisolated(unsafe) var afterDefault = true
        let outer = try BackgroundWork {
            // As a new process starts: nothing blocked (other tests' sessions block them in theirs).
            TerminationSignalFile.deliverByDefault()
            before = Self.blocksTerminationSignals()
            TerminationSignalFile.blockInThisAndLaterThreads()
            if let inner = try? BackgroundWork({ inWorker = Self.blocksTerminationSignals() }) { inner.join() }
            TerminationSignalFile.deliverByDefault()
            afterDefault = Self.blocksTerminationSignals()
        }
        outer.join()
        #expect(before == false, "the thread starts with the signals deliverable")
        #expect(inWorker, "the worker inherited the block")
        #expect(afterDefault == false, "deliverByDefault gives them back their default action")
    }
}
