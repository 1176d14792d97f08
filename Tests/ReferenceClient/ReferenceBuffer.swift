import CPlatform
import CWaylandClient
#if canImport(Glibc)
import Glibc
#endif

/// The reference client's one `wl_buffer`: white ARGB8888 pixels in an
/// anonymous shared memory file, marked with a small black square where
/// input lands. One buffer, attached again with every commit and written
/// while the compositor may read it, as weston-simple-touch does: the
/// fastest a client can show input, not a careful one (a torn square costs
/// the measurement nothing).
final class ReferenceBuffer {
    let proxy: OpaquePointer
    let width: Int
    let height: Int
    private let pixels: UnsafeMutablePointer<UInt32>
    private let byteCount: Int

    /// The side of the square a mark paints, in pixels.
    static let markSize = 4

    init(shm: OpaquePointer, width: Int, height: Int) throws(ReferenceClientError) {
        self.width = width
        self.height = height
        byteCount = width * height * 4
        let fd = tt_memfd_create("touchtracker-reference-buffer")
        guard fd >= 0 else { throw .systemCall("memfd_create", errno) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(byteCount)) == 0 else { throw .systemCall("ftruncate", errno) }
        guard let mapping = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
              mapping != MAP_FAILED else { throw .systemCall("mmap", errno) }
        pixels = mapping.bindMemory(to: UInt32.self, capacity: width * height)
        pixels.initialize(repeating: 0xFFFF_FFFF, count: width * height)
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
        proxy = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(width * 4),
                                          WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)
    }

    deinit {
        wl_buffer_destroy(proxy)
        munmap(pixels, byteCount)
    }

    /// Paints the mark at (`x`, `y`), clipped to the buffer; returns the
    /// rectangle it painted (x, y, width, height) for the damage, nil when
    /// it lies wholly outside.
    func mark(x: Double, y: Double) -> (x: Int32, y: Int32, width: Int32, height: Int32)? {
        guard x.isFinite, y.isFinite else { return nil }
        let half = Self.markSize / 2
        let left = max(0, Int(x.rounded(.down)) - half), top = max(0, Int(y.rounded(.down)) - half)
        let right = min(width, Int(x.rounded(.down)) + half), bottom = min(height, Int(y.rounded(.down)) + half)
        guard left < right, top < bottom else { return nil }
        for row in top..<bottom {
            (pixels + row * width + left).update(repeating: 0xFF00_0000, count: right - left)
        }
        return (Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
    }
}
