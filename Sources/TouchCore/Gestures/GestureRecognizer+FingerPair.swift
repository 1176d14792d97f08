extension GestureRecognizer {
    /// Pinch and rotation follow exactly one pair of fingers: the first two
    /// to go down join `fingers` (in the order they went down); any later
    /// finger is ignored for the rest of the gesture.
    func admitFingerPair(_ touches: Set<Touch>, into fingers: inout [Touch], event: Event) {
        for touch in touches.sorted(by: { $0.serial < $1.serial }) {
            if fingers.count < 2 {
                fingers.append(touch)
            } else {
                ignore(touch, for: event)
            }
        }
    }
}
