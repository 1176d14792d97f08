/// Emptied arrays kept for the next input batch, so that touch delivery
/// allocates none in the common case. A buffer is taken out while in use,
/// so a nested delivery (a handler feeding the window) gets its own.
struct ScratchBuffer<Element> {
    private var spare: [Element] = []

    /// Takes the spare buffer out, leaving an empty one behind.
    mutating func take() -> [Element] {
        var buffer: [Element] = []
        swap(&buffer, &spare)
        return buffer
    }

    /// Empties `buffer` and keeps its storage as the spare for next time.
    /// (Buffers hold a few elements; removing them one by one is cheaper
    /// than the general `removeAll(keepingCapacity:)`.)
    mutating func recycle(_ buffer: inout [Element]) {
        while !buffer.isEmpty { buffer.removeLast() }
        swap(&buffer, &spare)
    }
}
