import CWaylandServer
import CWaylandServerProtocols

/// `wp_presentation`: announces `CLOCK_MONOTONIC` (or the compositor's
/// `presentationClock`) and hands out feedback objects for a surface's
/// next commit.
final class PresentationResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wp_presentation_interface(),
                   version: version, id: id)
        wp_presentation_send_clock_id(resource, compositor.presentationClock)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: destroy()
        case 1:
            let surface = ServerObject.object(for: Self.resource(arguments, 0)!) as! TestSurface
            compositor.presentationFeedbackRequests += 1
            surface.pendingFeedbacks.append(
                PresentationFeedbackResource(compositor: compositor, client: client, version: version,
                                             id: arguments[1].n))
        default: preconditionFailure("wp_presentation has no request \(opcode)")
        }
    }
}

/// `wp_presentation_feedback`: answered once, by `presented` or
/// `discarded`, which destroy it.
final class PresentationFeedbackResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wp_presentation_feedback_interface(),
                   version: version, id: id)
    }

    /// `presented` at `time` seconds on the presentation clock.
    func presented(at time: Double, refresh: Double, sequence: UInt64, flags: UInt32) {
        guard isAlive else { return }
        let nanoseconds = UInt64((time * 1e9).rounded())
        let seconds = nanoseconds / 1_000_000_000
        wp_presentation_feedback_send_presented(
            resource, UInt32(seconds >> 32), UInt32(truncatingIfNeeded: seconds),
            UInt32(nanoseconds % 1_000_000_000), UInt32((refresh * 1e9).rounded()),
            UInt32(sequence >> 32), UInt32(truncatingIfNeeded: sequence), flags)
        destroy()
    }

    func discarded() {
        guard isAlive else { return }
        wp_presentation_feedback_send_discarded(resource)
        destroy()
    }
}
