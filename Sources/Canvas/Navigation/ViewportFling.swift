import TouchCore

/// The paper gliding on after a finger lets go while panning, slowing down
/// as a UIScrollView does: its speed falls by `decelerationRate` every
/// millisecond (UIKit's `DecelerationRate.normal`, 0.998) until it is below
/// `stoppingSpeed`, where it stops. A pure function of time, so tests step
/// it with a fake clock and the canvas with its display link.
struct ViewportFling: Sendable {
    /// Speed kept per millisecond.
    static let decelerationRate = 0.998
    /// Below this speed (view points per second) the paper stands still: a
    /// movement of less than a pixel per frame would only cost frames.
    static let stoppingSpeed = 20.0
    /// A release slower than this (points per second) does not fling: a
    /// finger that stopped before lifting means to leave the paper there.
    static let minimumSpeed = 100.0

    /// View points per second when let go.
    let velocity: Vector
    /// When it was let go, seconds on the gestures' clock.
    let start: Double
    /// Seconds from `start` until it stops.
    let duration: Double

    /// A fling at `velocity` from `start`, or nil when the finger was too
    /// slow to fling.
    init?(velocity: Vector, at start: Double) {
        let speed = velocity.length
        guard speed.isFinite, speed >= Self.minimumSpeed else { return nil }
        self.velocity = velocity
        self.start = start
        duration = Double.log(Self.stoppingSpeed / speed) / Self.logRatePerSecond
    }

    /// ln of the speed kept per second.
    private static let logRatePerSecond = 1000 * Double.log(decelerationRate)

    /// How far (view points) the paper has glided by `time`: the integral
    /// of the decaying speed, constant once it stopped.
    func displacement(at time: Double) -> Vector {
        let elapsed = min(max(0, time - start), duration)
        return velocity * ((Double.exp(Self.logRatePerSecond * elapsed) - 1) / Self.logRatePerSecond)
    }

    /// The paper's speed at `time` (zero once stopped).
    func velocity(at time: Double) -> Vector {
        let elapsed = time - start
        guard elapsed < duration else { return .zero }
        return velocity * Double.exp(Self.logRatePerSecond * max(0, elapsed))
    }

    func isFinished(at time: Double) -> Bool { time - start >= duration }
}
