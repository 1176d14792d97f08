import CWaylandServer
import CWaylandServerProtocols

extension TestCompositor {
    /// Announces `wp_commit_timing_manager_v1`: the presentation time each
    /// commit carried is recorded (`CommitRecord.presentationTimestamp`).
    /// Repaints still show the newest commit whatever its time: tests check
    /// what the client asked for, not a compositor's scheduling.
    @discardableResult
    public func addCommitTimingManager() -> TestGlobal {
        addGlobal(interface: tts_wp_commit_timing_manager_v1_interface(), version: 1) {
            [unowned self] client, version, id in
            _ = CommitTimingManagerResource(compositor: self, client: client, version: version, id: id)
        }
    }
}

/// A client's `wp_commit_timing_manager_v1`: hands out one timer per surface.
final class CommitTimingManagerResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wp_commit_timing_manager_v1_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0:
            destroy()
        case 1:
            let surface = ServerObject.object(for: Self.resource(arguments, 1)!) as! TestSurface
            guard !surface.hasCommitTimer else {
                compositor.postError(on: resource, code: WP_COMMIT_TIMING_MANAGER_V1_ERROR_COMMIT_TIMER_EXISTS.rawValue,
                                     message: "the surface already has a commit timer")
                return
            }
            surface.hasCommitTimer = true
            _ = CommitTimerResource(compositor: compositor, client: client, version: version,
                                    id: arguments[0].n, surface: surface)
        default:
            preconditionFailure("wp_commit_timing_manager_v1 has no request \(opcode)")
        }
    }
}

/// A client's `wp_commit_timer_v1`: gives its surface the time the next
/// commit is for, refusing what compositors refuse (a second time before
/// the commit, nanoseconds of a second or more).
final class CommitTimerResource: ServerObject {
    private weak var surface: TestSurface?

    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32, surface: TestSurface) {
        self.surface = surface
        super.init(compositor: compositor, client: client, interface: tts_wp_commit_timer_v1_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0:
            let high = arguments[0].u, low = arguments[1].u, nanoseconds = arguments[2].u
            guard let surface, surface.isAlive else {
                compositor.postError(on: resource, code: WP_COMMIT_TIMER_V1_ERROR_SURFACE_DESTROYED.rawValue,
                                     message: "the timer's surface was destroyed")
                return
            }
            guard nanoseconds < 1_000_000_000 else {
                compositor.postError(on: resource, code: WP_COMMIT_TIMER_V1_ERROR_INVALID_TIMESTAMP.rawValue,
                                     message: "tv_nsec \(nanoseconds) is not below a second")
                return
            }
            guard surface.pendingPresentationTimestamp == nil else {
                compositor.postError(on: resource, code: WP_COMMIT_TIMER_V1_ERROR_TIMESTAMP_EXISTS.rawValue,
                                     message: "the next commit already has a timestamp")
                return
            }
            let seconds = UInt64(high) << 32 | UInt64(low)
            surface.pendingPresentationTimestamp = Double(seconds) + Double(nanoseconds) / 1e9
        case 1:
            surface?.hasCommitTimer = false
            destroy()
        default:
            preconditionFailure("wp_commit_timer_v1 has no request \(opcode)")
        }
    }
}
