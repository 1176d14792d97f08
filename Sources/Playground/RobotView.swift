import TouchCore

/// The picture PinchZoom zooms: a robot on a card, vector art
/// (`PictureArt.robot`) drawn in the view's own coordinates, so it stays
/// sharp at any zoom the view's transform gives it.
public final class RobotView: View {
    static let card = Color(red: 0.22, green: 0.25, blue: 0.33)

    public override init(frame: Rect) {
        super.init(frame: frame)
        // The page takes the touches, as the guide's view does.
        isUserInteractionEnabled = false
    }

    convenience init() { self.init(frame: .zero) }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        context.beginPath()
        context.addRoundedRect(bounds, radius: bounds.width / 12)
        context.setFillColor(Self.card)
        context.fillPath()
        PictureArt.robot(context, in: bounds)
    }
}
