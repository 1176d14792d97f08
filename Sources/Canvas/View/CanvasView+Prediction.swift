import Timing
import TouchCore

/// The predicted tip of each stroke in progress (issue 25): a short piece
/// from the stroke's last real sample to where `TipPredictor` puts the
/// finger `predictionHorizon` from now, drawn in the stroke's colour and
/// width where the lines in progress are drawn. Each real sample replaces
/// it; it is gone at lift, when the stroke turns sharply, and when the
/// samples stop coming; it never enters the drawing, so it is never saved,
/// exported or undone.
extension CanvasView {
    /// The main menu's Prediction: turns the predicted tip on or off.
    public static let togglePrediction = Action("togglePrediction")

    /// Samples stop when a finger rests: a tip older than this (seconds)
    /// would point where the finger no longer goes. Two reports of a 60 Hz
    /// touch screen.
    static let predictionLifetime = 0.034

    /// Takes the touch's newest real sample and redraws its tip.
    func predict(for touch: Touch) {
        let key = ObjectIdentifier(touch)
        guard predictsTip, touch.kind != .eraser, let line = drawing.linesInProgress[key] else { return }
        var predictor = predictors[key] ?? TipPredictor()
        let last = line.freehandPoints?.last?.location ?? line.end
        predictor.add(.init(time: touch.timestamp, location: last))
        predictors[key] = predictor
        let tip = predictor.predict(after: predictionHorizon).map { Line(begin: last, end: $0, style: line.style) }
        replaceTip(for: key, with: tip)
        guard tip != nil else { return }
        predictionExpiry?.cancel()
        predictionExpiry = window?.timers.schedule(after: Self.predictionLifetime) { [weak self] in
            self?.withdrawTips()
        }
    }

    /// The stroke ended (lifted or cancelled): its tip goes with it.
    func endPrediction(for key: ObjectIdentifier) {
        predictors[key] = nil
        replaceTip(for: key, with: nil)
        // No tip left to withdraw: no wake-up for nothing.
        if predictedTips.isEmpty { predictionExpiry?.cancel() }
    }

    /// Prediction was turned off: every tip goes.
    func endAllPredictions() {
        for key in Array(predictors.keys) + Array(predictedTips.keys) { endPrediction(for: key) }
    }

    /// No sample came for a while: the tips go, the predictors stay for
    /// the stroke's next sample.
    private func withdrawTips() {
        for key in Array(predictedTips.keys) { replaceTip(for: key, with: nil) }
    }

    private func replaceTip(for key: ObjectIdentifier, with tip: Line?) {
        let old = predictedTips[key]
        guard old != tip else { return }
        predictedTips[key] = tip
        if let old { damage(old.paintedBounds) }
        if let tip { damage(tip.paintedBounds) }
    }
}
