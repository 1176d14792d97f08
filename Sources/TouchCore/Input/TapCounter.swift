/// Counts successive quick taps at one place (UITouch.tapCount).
///
/// The thresholds are UIKit-like: a tap is a press no longer than
/// `maximumPressDuration` that strays no more than `maximumMovement` from
/// where it began; the next touch continues the count when it goes down no
/// later than `maximumInterval` after that tap's up, within
/// `maximumDistance` of it, on the same device. A cancelled touch is no tap.
struct TapCounter {
    static let maximumPressDuration = 0.5
    static let maximumMovement = 25.0
    static let maximumInterval = 0.35
    static let maximumDistance = 25.0

    private struct Tap {
        let device: InputDeviceID
        let location: Point
        let time: Double
        let count: Int
    }

    /// Taps that may still be continued.
    private var recentTaps: [Tap] = []

    /// The tap count of a touch going down now; consumes the tap it continues.
    mutating func tapCount(device: InputDeviceID, location: Point, time: Double) -> Int {
        recentTaps.removeAll { time - $0.time > TapCounter.maximumInterval }
        let continued = recentTaps.indices.filter { index in
            let tap = recentTaps[index]
            return tap.device == device && tap.location.distance(to: location) <= TapCounter.maximumDistance
        }.min { recentTaps[$0].location.distance(to: location) < recentTaps[$1].location.distance(to: location) }
        guard let continued else { return 1 }
        return recentTaps.remove(at: continued).count + 1
    }

    /// Records `touch`, which has just ended, if it was a tap.
    mutating func touchEnded(_ touch: Touch) {
        guard touch.timestamp - touch.startTimestamp <= TapCounter.maximumPressDuration,
              touch.maximumMovement <= TapCounter.maximumMovement else { return }
        recentTaps.append(Tap(device: touch.device, location: touch.locationInWindow,
                              time: touch.timestamp, count: touch.tapCount))
    }
}

extension Touch {
    /// How soon after a tap the next touch must go down to count as the
    /// next tap (`tapCount`), in seconds: how long a view that acts on a
    /// single tap waits for a second one, as in the touch-events guide.
    static var maximumIntervalBetweenTaps: Double { TapCounter.maximumInterval }
}
