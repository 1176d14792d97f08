import JSONLine

extension CompositorReport.Analysis {
    /// An event's time on its stream (one device of one seat): steps back,
    /// times of 0, and the smallest step forward.
    mutating func time(_ value: UInt32, stream: String, at place: Place) {
        timedEvents += 1
        if value == 0 {
            zeroTimes += 1
            return
        }
        if let last = lastTimes[stream] {
            // A 32-bit millisecond clock wraps every 49.7 days: a jump back
            // of more than half its range is a wrap, not a step back.
            let step = value &- last
            if value < last && last - value < UInt32.max / 2 {
                backwards.append((place, "\(Excerpt.of(stream)) \(last) → \(value) ms"))
            } else if step > 0 {
                smallestStep = min(smallestStep ?? step, step)
            }
        }
        lastTimes[stream] = value
    }
}
