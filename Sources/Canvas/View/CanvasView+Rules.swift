import TouchCore

extension CanvasView {
    /// The main menu's Book: the chapter's rules (`CanvasRules.book`) on or off.
    public static let toggleBookRules = Action("toggleBookRules")

    /// Sets the recognizers as `rules` say. The tap after a tap stands in
    /// for the single tap (`tapAfterTapRecognizer`), so it delays as the
    /// single tap does.
    func apply(_ rules: CanvasRules) {
        longPressRecognizer.minimumPressDuration = rules.pickUpDuration
        longPressRecognizer.cancelsTouchesInView = rules.longPressCancelsTouchesInView
        for tap in [doubleTapRecognizer, tapRecognizer, tapAfterTapRecognizer] {
            tap.delaysTouchesBegan = rules.tapsDelayTouchesBegan
        }
        if let line = drawing.selectedLine { damage(line) }
    }
}
