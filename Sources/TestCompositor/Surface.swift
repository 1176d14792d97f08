import CWaylandServer
import CWaylandServerProtocols

/// A rectangle as sent in `damage` / `damage_buffer` requests.
public struct DamageRect: Equatable, Sendable, CustomStringConvertible {
    public var x, y, width, height: Int32
    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var description: String { "(\(x),\(y) \(width)×\(height))" }
}

/// What one `wl_surface.commit` applied: the state a test checks.
public struct CommitRecord {
    /// Size of the attached buffer in pixels (of the current buffer when this
    /// commit attached none); 0×0 when no buffer is attached.
    public let bufferWidth: Int32
    public let bufferHeight: Int32
    /// Protocol id of the buffer, to tell buffers apart; nil without a buffer.
    public let bufferID: UInt32?
    /// True when this commit attached a buffer.
    public let attachedBuffer: Bool
    /// `wl_surface.set_buffer_scale` in effect.
    public let bufferScale: Int32
    /// `wp_viewport.set_destination` in effect, if any.
    public let viewportDestination: (width: Int32, height: Int32)?
    /// `wl_surface.damage` rects (surface coordinates) of this commit.
    public let surfaceDamage: [DamageRect]
    /// `wl_surface.damage_buffer` rects (buffer pixels) of this commit.
    public let bufferDamage: [DamageRect]
    /// The buffer's pixels (ARGB8888 as 32-bit values, row-major, no padding)
    /// when this commit attached a buffer of at most `TestSurface.pixelCaptureLimit` pixels.
    public let pixels: [UInt32]?
    /// The time this commit was for (`wp_commit_timer_v1.set_timestamp`),
    /// in seconds on the presentation clock; nil when it carried none.
    public let presentationTimestamp: Double?

    /// The pixel at buffer coordinates (x, y), if captured.
    public func pixel(x: Int, y: Int) -> UInt32? {
        guard let pixels, x >= 0, y >= 0, x < Int(bufferWidth), y < Int(bufferHeight) else { return nil }
        return pixels[y * Int(bufferWidth) + x]
    }
}

/// A client's `wl_surface`, with double-buffered state applied on commit.
public final class TestSurface: ServerObject {
    /// Buffers larger than this many pixels are not copied into the commit log.
    public static let pixelCaptureLimit = 4_000_000

    /// Every commit, oldest first.
    public private(set) var commits: [CommitRecord] = []
    /// Outputs the surface was told it entered.
    public private(set) var enteredOutputs: [TestOutput] = []
    /// Set when the client gave this surface the toplevel role.
    public internal(set) var toplevel: TestToplevel?
    var fractionalScale: FractionalScaleResource?
    var viewport: ViewportResource?
    /// A `wp_commit_timer_v1` was made for this surface (one is allowed).
    var hasCommitTimer = false
    /// `wp_commit_timer_v1.set_timestamp` for the next commit.
    var pendingPresentationTimestamp: Double?

    private var pendingBuffer: UnsafeMutablePointer<wl_resource>??
    private var pendingDamage: [DamageRect] = []
    private var pendingBufferDamage: [DamageRect] = []
    private var pendingFrameCallbacks: [UnsafeMutablePointer<wl_resource>] = []
    private var pendingBufferScale: Int32 = 1
    private var bufferScale: Int32 = 1
    private var frameCallbacks: [UnsafeMutablePointer<wl_resource>] = []
    /// Presentation feedback asked for the next commit.
    var pendingFeedbacks: [PresentationFeedbackResource] = []
    /// Presentation feedback of the newest commit, not answered yet.
    private var committedFeedbacks: [PresentationFeedbackResource] = []
    private var current: BufferReference?
    /// Committed buffers not yet released to the client.
    private var heldBuffers: [BufferReference] = []

    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wl_surface_interface(), version: version, id: id)
    }

    public var lastCommit: CommitRecord? { commits.last }
    /// Committed frame callbacks not yet completed.
    public var pendingFrameCount: Int { frameCallbacks.count }
    /// Buffers committed and not yet released.
    public var heldBufferCount: Int { heldBuffers.count { $0.resource != nil } }

    /// Sends `wl_surface.enter` for `output`.
    public func enter(_ output: TestOutput) {
        enteredOutputs.append(output)
        for outputResource in output.resources(of: client) {
            wl_surface_send_enter(resource, outputResource)
        }
    }

    /// Sends `wl_surface.leave` for `output`.
    public func leave(_ output: TestOutput) {
        enteredOutputs.removeAll { $0 === output }
        for outputResource in output.resources(of: client) {
            wl_surface_send_leave(resource, outputResource)
        }
    }

    /// Sends `wp_fractional_scale_v1.preferred_scale` (scale × 120), if the
    /// client asked for fractional scale on this surface.
    public func sendPreferredScale(_ scale: Double) {
        guard let fractionalScale, fractionalScale.isAlive else { return }
        wp_fractional_scale_v1_send_preferred_scale(fractionalScale.resource, UInt32((scale * 120).rounded()))
    }

    /// Releases every committed buffer except the current one
    /// (`wl_buffer.release`).
    public func releaseBuffers() {
        for buffer in heldBuffers where buffer !== current {
            if let bufferResource = buffer.resource { wl_buffer_send_release(bufferResource) }
        }
        heldBuffers.removeAll { $0 !== current }
    }

    func completeFrames(time: UInt32) {
        for callback in frameCallbacks {
            wl_callback_send_done(callback, time)
            wl_resource_destroy(callback)
        }
        frameCallbacks = []
    }

    /// A repaint of the fake latch (`TestCompositor.repaint`) that showed a
    /// new commit.
    public struct LatchedCommit: Equatable, Sendable {
        /// Its index in `commits`.
        public let commit: Int
        /// When it was shown, on the presentation clock.
        public let time: Double
    }

    /// The commits repaints showed, in order; commits replaced before a
    /// repaint are not among them.
    public private(set) var latchedCommits: [LatchedCommit] = []

    /// A repaint at `time`: the newest commit, if it is new, is shown.
    func latch(at time: Double) {
        guard let newest = commits.indices.last, newest > latchedCommits.last?.commit ?? -1 else { return }
        latchedCommits.append(LatchedCommit(commit: newest, time: time))
    }

    /// Feedback of commits a repaint took that present later
    /// (`TestCompositor.repaintPresentingLater`): a newer commit no longer
    /// replaces them.
    private var latchedFeedbacks: [PresentationFeedbackResource] = []

    /// A repaint at `time` that presents later: the newest commit, if it
    /// is new, is taken, and its feedback waits for `presentLatched`.
    func latchForLaterPresentation(at time: Double) {
        guard let newest = commits.indices.last, newest > latchedCommits.last?.commit ?? -1 else { return }
        latchedCommits.append(LatchedCommit(commit: newest, time: time))
        latchedFeedbacks += committedFeedbacks
        committedFeedbacks = []
    }

    /// Shows what the last repaint took: `presented` to its feedback.
    func presentLatched(at time: Double, refresh: Double, sequence: UInt64, flags: UInt32) {
        guard compositor.answersPresentationFeedback else { return }
        for feedback in latchedFeedbacks { feedback.presented(at: time, refresh: refresh, sequence: sequence, flags: flags) }
        latchedFeedbacks = []
    }

    /// Whether a commit awaits its presentation feedback.
    public var awaitsPresentation: Bool { !committedFeedbacks.isEmpty }

    /// Shows the newest commit: `presented` to its feedback.
    func present(at time: Double, refresh: Double, sequence: UInt64, flags: UInt32) {
        guard compositor.answersPresentationFeedback else { return }
        for feedback in committedFeedbacks { feedback.presented(at: time, refresh: refresh, sequence: sequence, flags: flags) }
        committedFeedbacks = []
    }

    /// Drops the newest commit unseen (a hidden window): `discarded`.
    func discardCommitted() {
        guard compositor.answersPresentationFeedback else { return }
        committedFeedbacks.forEach { $0.discarded() }
        committedFeedbacks = []
    }

    private enum Request: UInt32 {
        case destroy, attach, damage, frame, setOpaqueRegion, setInputRegion, commit
        case setBufferTransform, setBufferScale, damageBuffer, offset
    }

    public override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        func rect() -> DamageRect {
            DamageRect(x: arguments[0].i, y: arguments[1].i, width: arguments[2].i, height: arguments[3].i)
        }
        switch Request(rawValue: opcode)! {
        case .destroy: destroy()
        case .attach: pendingBuffer = .some(Self.resource(arguments, 0))
        case .damage: pendingDamage.append(rect())
        case .damageBuffer: pendingBufferDamage.append(rect())
        case .frame:
            let callback = wl_resource_create(client, tts_wl_callback_interface(), 1, arguments[0].n)!
            wl_resource_set_implementation(callback, nil, nil, nil)
            pendingFrameCallbacks.append(callback)
        case .setOpaqueRegion, .setInputRegion, .setBufferTransform, .offset: break
        case .setBufferScale: pendingBufferScale = arguments[0].i
        case .commit: commit()
        }
    }

    private func commit() {
        var attached = false
        var pixels: [UInt32]?
        if let buffer = pendingBuffer {
            attached = true
            current = buffer.map { BufferReference(resource: $0) }
            if let current {
                heldBuffers.append(current)
                pixels = capturePixels(of: current.resource!)
            }
            if compositor.releasesPreviousBufferOnCommit { releaseBuffers() }
        }
        bufferScale = pendingBufferScale
        frameCallbacks += pendingFrameCallbacks
        // Content that no latch took is replaced by this commit's, unseen,
        // as a real compositor discards it.
        if compositor.answersPresentationFeedback { committedFeedbacks.forEach { $0.discarded() } }
        committedFeedbacks = compositor.answersPresentationFeedback ? pendingFeedbacks : committedFeedbacks + pendingFeedbacks
        pendingFeedbacks = []
        let shmBuffer = current?.resource.flatMap { wl_shm_buffer_get($0) }
        commits.append(CommitRecord(
            bufferWidth: shmBuffer.map { wl_shm_buffer_get_width($0) } ?? 0,
            bufferHeight: shmBuffer.map { wl_shm_buffer_get_height($0) } ?? 0,
            bufferID: current?.resource.map { wl_resource_get_id($0) },
            attachedBuffer: attached,
            bufferScale: bufferScale,
            viewportDestination: viewport?.commit(),
            surfaceDamage: pendingDamage,
            bufferDamage: pendingBufferDamage,
            pixels: pixels,
            presentationTimestamp: pendingPresentationTimestamp))
        pendingPresentationTimestamp = nil
        pendingBuffer = nil
        pendingDamage = []
        pendingBufferDamage = []
        pendingFrameCallbacks = []
    }

    private func capturePixels(of buffer: UnsafeMutablePointer<wl_resource>) -> [UInt32]? {
        guard compositor.capturesPixels, let shmBuffer = wl_shm_buffer_get(buffer) else { return nil }
        let width = Int(wl_shm_buffer_get_width(shmBuffer))
        let height = Int(wl_shm_buffer_get_height(shmBuffer))
        let stride = Int(wl_shm_buffer_get_stride(shmBuffer))
        guard width * height <= Self.pixelCaptureLimit else { return nil }
        wl_shm_buffer_begin_access(shmBuffer)
        defer { wl_shm_buffer_end_access(shmBuffer) }
        let data = wl_shm_buffer_get_data(shmBuffer)!
        var pixels = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            let source = (data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width { pixels[row * width + column] = source[column] }
        }
        return pixels
    }
}

/// `wl_compositor`: creates surfaces and regions.
final class CompositorResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wl_compositor_interface(), version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: compositor.surfaces.append(TestSurface(compositor: compositor, client: client, version: version, id: arguments[0].n))
        case 1: _ = RegionResource(compositor: compositor, client: client, version: version, id: arguments[0].n)
        default: preconditionFailure("wl_compositor has no request \(opcode)")
        }
    }
}

/// `wl_region`: accepted and ignored (the test compositor does no input or
/// opaque-region logic).
final class RegionResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wl_region_interface(), version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        if opcode == 0 { destroy() }
    }
}

/// A client buffer the compositor still refers to; `resource` becomes nil
/// when the client destroys the buffer (a destroy listener), so no event is
/// ever sent to a freed resource.
final class BufferReference {
    private(set) var resource: UnsafeMutablePointer<wl_resource>?
    /// A `wl_listener` followed by an unretained pointer back to this object.
    private let storage: UnsafeMutableRawPointer
    private var listener: UnsafeMutablePointer<wl_listener> { storage.assumingMemoryBound(to: wl_listener.self) }
    private static let ownerOffset = MemoryLayout<wl_listener>.stride

    init(resource: UnsafeMutablePointer<wl_resource>) {
        self.resource = resource
        storage = .allocate(byteCount: Self.ownerOffset + MemoryLayout<UnsafeRawPointer>.stride,
                            alignment: MemoryLayout<UnsafeRawPointer>.alignment)
        storage.bindMemory(to: wl_listener.self, capacity: 1).initialize(to: wl_listener(link: wl_list(), notify: { listener, _ in
            let owner = UnsafeRawPointer(listener!).load(fromByteOffset: BufferReference.ownerOffset, as: UnsafeRawPointer.self)
            Unmanaged<BufferReference>.fromOpaque(owner).takeUnretainedValue().resourceDestroyed()
        }))
        storage.storeBytes(of: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()),
                           toByteOffset: Self.ownerOffset, as: UnsafeRawPointer.self)
        wl_resource_add_destroy_listener(resource, listener)
    }

    private func resourceDestroyed() {
        wl_list_remove(&listener.pointee.link)
        resource = nil
    }

    deinit {
        if resource != nil { wl_list_remove(&listener.pointee.link) }
        storage.deallocate()
    }
}
