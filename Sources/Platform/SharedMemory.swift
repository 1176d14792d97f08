#if canImport(Glibc)
import Glibc
#endif
import CPlatform

/// Memory the compositor and we both map: an anonymous memfd of a fixed
/// size, sealed against shrinking, mapped read-write and shared.
public struct SharedMemoryFile {
    /// Creates the file. Its descriptor is the caller's to close once the
    /// compositor has it; the mapping lives on until `unmap()`.
    public static func create(name: String, size: Int) throws(Errno) -> (FileDescriptor, MemoryMapping) {
        let raw = tt_memfd_create(name)
        guard raw >= 0 else { throw Errno.current }
        let fd = FileDescriptor(rawValue: raw)
        do {
            try fd.resize(to: size)
            // The compositor maps the same memory: sealing promises it never
            // shrinks under it. Best effort: compositors cope without the seal.
            _ = tt_memfd_seal_shrink(raw)
            return (fd, try MemoryMapping(fd, size: size, access: .sharedReadWrite))
        } catch {
            try? fd.close()
            throw error
        }
    }
}

/// A file mapped into memory (`mmap`), unmapped explicitly.
public struct MemoryMapping {
    public enum Access { case sharedReadWrite, privateReadOnly }

    public let base: UnsafeMutableRawPointer
    public let size: Int

    public init(_ fd: FileDescriptor, size: Int, access: Access) throws(Errno) {
        let (protection, flags) = switch access {
        case .sharedReadWrite: (PROT_READ | PROT_WRITE, MAP_SHARED)
        case .privateReadOnly: (PROT_READ, MAP_PRIVATE)
        }
        guard let mapping = mmap(nil, size, protection, flags, fd.rawValue, 0), mapping != MAP_FAILED else {
            throw Errno.current
        }
        base = mapping
        self.size = size
    }

    public func unmap() {
        munmap(base, size)
    }

    /// Gives back the whole pages among the first `count` bytes
    /// (`madvise(MADV_DONTNEED)`), so that a file read once from start to
    /// end does not stay resident. For a private read-only mapping this
    /// changes only what the process holds, never what it reads: a page
    /// touched again is read back from the file.
    public func release(upTo count: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = min(count, size) / page * page
        guard length > 0 else { return }
        _ = madvise(base, length, MADV_DONTNEED)
    }
}
