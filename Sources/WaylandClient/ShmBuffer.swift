import CWaylandClient
import Platform

/// One `wl_buffer` of ARGB8888 pixels in its own anonymous shared memory
/// (`memfd`, never a file on disk), mapped for drawing.
///
/// The pool is destroyed as soon as the buffer exists (the buffer keeps the
/// memory alive on both sides) and the descriptor closed: the mapping is all
/// the client needs.
final class ShmBuffer {
    static let bytesPerPixel = 4

    let proxy: OpaquePointer
    let width: Int
    let height: Int
    let stride: Int
    let data: UnsafeMutableRawPointer
    private let byteCount: Int
    private let mapping: MemoryMapping
    /// Called on `wl_buffer.release`: the compositor no longer reads it.
    var onRelease: ((ShmBuffer) -> Void)?
    private var handle: Unmanaged<ShmBuffer>!

    init(shm: OpaquePointer, width: Int, height: Int) throws(WaylandError) {
        precondition(width > 0 && height > 0, "a buffer has at least one pixel")
        self.width = width
        self.height = height
        stride = width * Self.bytesPerPixel
        byteCount = stride * height

        let fd: FileDescriptor
        do {
            (fd, mapping) = try SharedMemoryFile.create(name: "touchtracker-buffer", size: byteCount)
        } catch {
            throw WaylandError.systemCall("shared memory for a \(width)×\(height) buffer", errno: error)
        }
        defer { try? fd.close() }
        data = mapping.base

        let pool = wl_shm_create_pool(shm, fd.rawValue, Int32(byteCount))
        proxy = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride),
                                          WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        handle = Unmanaged.passUnretained(self)
        wl_buffer_add_listener(proxy, Self.listener, handle.toOpaque())
    }

    deinit {
        wl_buffer_destroy(proxy)
        mapping.unmap()
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_buffer_listener> = {
        let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_buffer_listener(
            release: { data, _ in
                let buffer = Unmanaged<ShmBuffer>.fromOpaque(data!).takeUnretainedValue()
                buffer.onRelease?(buffer)
            }))
        return listener
    }()
}
