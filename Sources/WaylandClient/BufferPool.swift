/// The window's buffers: a few `ShmBuffer`s of the current size, reused
/// only after the compositor released them, each repainting exactly what
/// changed since it was last drawn.
final class BufferPool {
    private let shm: OpaquePointer
    private(set) var width = 0
    private(set) var height = 0
    private var slots = BufferSlots()
    private var buffers: [ShmBuffer] = []
    /// Buffers of an old size the compositor still holds: destroyed on release.
    private var retired: [ShmBuffer] = []

    init(shm: OpaquePointer) {
        self.shm = shm
    }

    /// Number of buffers of the current size (for tests).
    var bufferCount: Int { buffers.count }

    /// Switches to buffers of `width` × `height` pixels; old buffers go
    /// (those still held by the compositor once it releases them).
    func resize(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        self.width = width
        self.height = height
        for (index, buffer) in buffers.enumerated() where slots.slots[index].isBusy {
            retired.append(buffer)
        }
        buffers = []
        slots.reset()
    }

    /// Records pixels that changed: every buffer must repaint them.
    func addDamage(_ region: DamageRegion) {
        slots.addDamage(region)
    }

    /// A buffer to draw the next frame into, marked busy, and what of it must
    /// be repainted; nil while every buffer is held by the compositor.
    func acquire() throws(WaylandError) -> (buffer: ShmBuffer, repaint: DamageRegion)? {
        guard let acquired = slots.acquire() else { return nil }
        if acquired.isNew {
            let buffer: ShmBuffer
            do {
                buffer = try ShmBuffer(shm: shm, width: width, height: height)
            } catch {
                slots.reset()
                buffers = []
                throw error
            }
            buffer.onRelease = { [unowned self] in self.released($0) }
            buffers.append(buffer)
        }
        return (buffers[acquired.index], acquired.repaint)
    }

    private func released(_ buffer: ShmBuffer) {
        if let index = buffers.firstIndex(where: { $0 === buffer }) {
            slots.release(index)
        } else {
            retired.removeAll { $0 === buffer }
        }
    }
}
