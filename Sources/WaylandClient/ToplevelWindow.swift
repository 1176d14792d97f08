import CWaylandClient
import CWaylandProtocols
import Presentation
import Timing

/// The app's window: a `wl_surface` with the `xdg_toplevel` role.
///
/// Lifecycle: created unmapped; the compositor's first configure is
/// acknowledged and answered with the first frame (configure → ack → draw).
/// After that, drawing is paced by frame callbacks: `setNeedsDisplay` only
/// marks what changed, and the frame is drawn before the loop next sleeps
/// once no frame callback is pending. The buffer follows the scale of the
/// outputs the surface is on, or the compositor's preferred fractional scale.
public final class ToplevelWindow {
    // Proxies, destroyed in reverse order of creation.
    /// The `wl_surface`, so seats can tell events for this window apart.
    let surface: OpaquePointer
    let xdgSurface: OpaquePointer
    let toplevel: OpaquePointer
    private var decoration: WindowDecoration?
    var fractionalScale: OpaquePointer?
    var viewport: OpaquePointer?
    var frameCallback: OpaquePointer?
    /// `wp_commit_timer_v1`, where the compositor offers commit timing.
    var commitTimer: OpaquePointer?

    let display: Display
    let loop: EventLoop
    let pool: BufferPool
    var handle: Unmanaged<ToplevelWindow>!

    /// The logical size, as of the last configure.
    public internal(set) var size: SurfaceSize = WindowSizing.defaultSize
    /// The states of the last configure.
    public internal(set) var states: WindowStates = []
    /// Who draws the title bar: the compositor's answer to our request for
    /// server-side decorations.
    public internal(set) var decorationMode: DecorationMode = .clientSide
    /// Called when the size, scale or states change, before the next draw.
    public var onConfigure: ((SurfaceSize, Double, WindowStates) -> Void)?
    /// Called when the user asks to close the window (`xdg_toplevel.close`).
    public var onClose: (() -> Void)?
    /// Paints the frames. Weak: the source (the app's window) owns this one.
    public weak var frameSource: (any FrameSource)?
    /// Called when the compositor picks a decoration mode.
    public var onDecorationModeChange: ((DecorationMode) -> Void)?

    /// The toplevel as exported for other clients to parent their
    /// dialogs to (`ToplevelWindow+Export`), and its handle once the
    /// compositor gave it; nil where it offers no `zxdg_exporter_v2`.
    var exported: OpaquePointer?
    public internal(set) var exportedHandle: String?

    /// The window title (`xdg_toplevel.set_title`).
    public var title: String {
        didSet { xdg_toplevel_set_title(toplevel, title) }
    }

    // Configure state.
    var pendingConfigureSize: (width: Int32, height: Int32) = (0, 0)
    var pendingStates: WindowStates = []
    var bounds: SurfaceSize?
    /// True once the first configure was acknowledged: before that nothing
    /// may be attached.
    var isConfigured = false

    /// The buffer's scale, following outputs and the preferred scale.
    var scaleTracker = ScaleTracker()
    var scale: SurfaceScale { scaleTracker.scale }

    // Presentation state.
    /// When to draw or commit.
    var pacer = FramePacer()
    /// What changed since the last commit, in buffer pixels.
    var pendingDamage = DamageRegion()
    var committedBufferScale: Int32 = 1
    var committedViewportDestination: SurfaceSize?
    /// The oldest input (compositor milliseconds) the next commit is the
    /// first to show, when feedback on it was asked for.
    var feedbackInputTime: UInt32?
    /// When the app received that input (the loop's clock), for the
    /// estimate from frame callbacks.
    var feedbackInputReceived: Double?
    /// Feedback asked for and not reported yet.
    var presentationFeedbacks: [ObjectIdentifier: PresentationFeedback] = [:]
    /// The input the pending frame callback's commit shows, when no
    /// feedback was asked for it (see `estimateFromFrameCallback`).
    var frameCallbackInput: FrameCallbackInput?
    /// Called when the compositor tells what became of a frame that
    /// carried input (see `requestPresentationFeedback`).
    public var onPresentation: ((FramePresentation) -> Void)?
    /// Predicts the compositor's next latch from presentation feedback.
    public internal(set) var latchPredictor = LatchPredictor()
    /// False keeps input frames paced by frame callbacks even when the
    /// latch is predicted (`--frame-callback-pacing`, the benchmark's
    /// comparison).
    public var allowsLatchPacing = true
    /// The timer for the deadline before `aimedLatch`.
    var latchTimer: TimerHandle?
    /// The latch the input frame being awaited aims at.
    var aimedLatch: LatchPredictor.Latch?
    /// The latch the last input frame aimed at; nil after a frame paced by
    /// its frame callback.
    var lastAimedLatch: LatchPredictor.Latch?
    /// The latch an input frame drawn now would make, while input is sparse
    /// (see `latchForInputAtOnce`).
    var inputAtOnceLatch: LatchPredictor.Latch?
    /// When the window last learnt of input that changed what is drawn, and
    /// the last two intervals between such inputs, oldest first.
    var lastInputTime: Double?
    var recentInputIntervals: [Double] = []
    /// Commits that carried a presentation time (`wp_commit_timer_v1`):
    /// the inspector says commit timing is used once there is one.
    public internal(set) var stampedCommits = 0

    /// Creates and maps the toplevel (its first commit carries no buffer; the
    /// first frame follows the compositor's first configure).
    ///
    /// `minimumSize` is in logical units (`xdg_toplevel.set_min_size`).
    /// Throws `missingGlobal` when the compositor lacks `wl_compositor` v4,
    /// `wl_shm` or `xdg_wm_base`.
    public init(display: Display, loop: EventLoop, title: String, appID: String,
                minimumSize: (width: Int, height: Int)) throws {
        let registry = display.registry
        try registry.requireWindowGlobals()
        self.display = display
        self.loop = loop
        self.title = title
        pool = BufferPool(shm: registry.shm!)
        surface = wl_compositor_create_surface(registry.compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(registry.wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        handle = Unmanaged.passUnretained(self)
        addListeners()

        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, appID)
        setIcon(named: appID, registry: registry)
        export(registry: registry)
        makeCommitTimer(registry: registry)
        xdg_toplevel_set_min_size(toplevel, Int32(minimumSize.width), Int32(minimumSize.height))
        if let manager = registry.decorationManager {
            let decoration = WindowDecoration(manager: manager, toplevel: toplevel)
            decoration.onMode = { [unowned self] mode in
                guard mode != decorationMode else { return }
                decorationMode = mode
                onDecorationModeChange?(mode)
            }
            self.decoration = decoration
        }
        if let manager = registry.fractionalScaleManager, let viewporter = registry.viewporter {
            fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            viewport = wp_viewporter_get_viewport(viewporter, surface)
            addFractionalScaleListener()
        }
        registry.onOutputsChanged.append { [weak self] in self?.updateScale() }
        updateScale()
        loop.add(.present) { [weak self] in self?.presentIfNeeded() }
        wl_surface_commit(surface)
    }

    deinit {
        latchTimer?.cancel()
        presentationFeedbacks = [:]
        if let frameCallback { wl_callback_destroy(frameCallback) }
        decoration = nil
        if let viewport { wp_viewport_destroy(viewport) }
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        if let exported { zxdg_exported_v2_destroy(exported) }
        if let commitTimer { wp_commit_timer_v1_destroy(commitTimer) }
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
    }

    /// Buffer pixels per logical unit (1, 2, 1.5 …).
    public var scaleFactor: Double { scale.factor }

    /// The integer scale for things drawn by the compositor at whole
    /// scales (the cursor): the buffer scale, or the fractional scale
    /// rounded up.
    var bufferScale: Int32 {
        switch scale {
        case .integer(let value): return value
        case .fractional(let value): return Int32(value.rounded(.up))
        }
    }

    /// Asks for maximized or normal size (`xdg_toplevel.set_maximized` /
    /// `unset_maximized`); the compositor answers with a configure.
    public func setMaximized(_ maximized: Bool) {
        if maximized { xdg_toplevel_set_maximized(toplevel) } else { xdg_toplevel_unset_maximized(toplevel) }
    }

    /// Asks to be minimized (`xdg_toplevel.set_minimized`).
    public func minimize() {
        xdg_toplevel_set_minimized(toplevel)
    }

    /// Starts an interactive move (`xdg_toplevel.move`) for the button press
    /// or touch down `serial` on `seat` (a `wl_seat` proxy), e.g. from a
    /// client-side title bar.
    func startMove(seat: OpaquePointer, serial: UInt32) {
        xdg_toplevel_move(toplevel, seat, serial)
    }

    /// Starts an interactive resize (`xdg_toplevel.resize`) from `edges`.
    func startResize(seat: OpaquePointer, serial: UInt32, edges: ResizeEdges) {
        xdg_toplevel_resize(toplevel, seat, serial, edges.protocolValue)
    }

    // MARK: Configure

    /// `xdg_surface.configure`: applies the pending `xdg_toplevel.configure`,
    /// acknowledges it, and schedules the frame that must follow.
    func configured(serial: UInt32) {
        let first = !isConfigured
        var fallback: SurfaceSize? = first ? nil : size
        if first, let bounds {
            fallback = SurfaceSize(width: min(WindowSizing.defaultSize.width, bounds.width),
                                   height: min(WindowSizing.defaultSize.height, bounds.height))
        }
        let newSize = WindowSizing.size(configuredWidth: pendingConfigureSize.width, height: pendingConfigureSize.height,
                                        current: fallback, scale: scale.factor)
        xdg_surface_ack_configure(xdgSurface, serial)
        isConfigured = true
        let sizeChanged = newSize != size
        let changed = first || sizeChanged || pendingStates != states
        if changed {
            size = newSize
            states = pendingStates
        }
        if first || sizeChanged { pendingDamage.addFull() }
        pacer.acknowledgedConfigure(newPixels: first || sizeChanged)
        if changed { onConfigure?(size, scale.factor, states) }
    }

    func closeRequested() {
        onClose?()
    }
}

/// Edges for `xdg_toplevel.resize`: the edge or corner the user drags.
public enum ResizeEdges: Hashable, Sendable {
    case top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    var protocolValue: UInt32 {
        switch self {
        case .top: return XDG_TOPLEVEL_RESIZE_EDGE_TOP.rawValue
        case .bottom: return XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM.rawValue
        case .left: return XDG_TOPLEVEL_RESIZE_EDGE_LEFT.rawValue
        case .right: return XDG_TOPLEVEL_RESIZE_EDGE_RIGHT.rawValue
        case .topLeft: return XDG_TOPLEVEL_RESIZE_EDGE_TOP_LEFT.rawValue
        case .topRight: return XDG_TOPLEVEL_RESIZE_EDGE_TOP_RIGHT.rawValue
        case .bottomLeft: return XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_LEFT.rawValue
        case .bottomRight: return XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT.rawValue
        }
    }
}
