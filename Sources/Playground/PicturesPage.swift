import TouchCore

/// The gesture tutorial's page: a monkey and a banana, each dragged,
/// pinched and turned with its own recognizers, two hands at once; a tap
/// chomps, a tickle laughs, and each sound shows its cue by the picture.
public final class PicturesPage: PlaygroundPage {
    let monkey: PictureView
    let banana: PictureView
    let cue = SoundCueView()

    init() {
        monkey = PictureView(name: "monkey", size: Size(width: 130, height: 130)) { PictureArt.monkey($0, in: $1) }
        banana = PictureView(name: "banana", size: Size(width: 150, height: 100)) { PictureArt.banana($0, in: $1) }
        super.init(title: "Pictures")
        backgroundColor = Color(red: 0.86, green: 0.93, blue: 0.84)
        addSubview(monkey)
        addSubview(banana)
        addSubview(cue)
        for picture in [monkey, banana] {
            picture.onSound = { [unowned self] picture, sound in
                cue.show(sound, pointingAt: Point(x: picture.center.x, y: picture.frame.minY))
                onSound?(sound)
            }
        }
    }

    public override var recognizers: [GestureRecognizer] { monkey.recognizers + banana.recognizers }

    /// The pictures are sized and placed for the page's size until a
    /// gesture moves one; after that, a new size only brings them back inside.
    public override func layoutSubviews() {
        guard bounds.width > 0, bounds.height > 0 else { return }
        if !monkey.hasBeenMoved && !banana.hasBeenMoved {
            let side = min(max(min(bounds.width * 0.4, bounds.height * 0.5), 60), 160)
            monkey.bounds = Rect(x: 0, y: 0, width: side, height: side)
            banana.bounds = Rect(x: 0, y: 0, width: side * 1.15, height: side * 0.77)
            monkey.center = Point(x: bounds.minX + bounds.width * 0.3, y: bounds.midY - side * 0.15)
            banana.center = Point(x: bounds.minX + bounds.width * 0.7, y: bounds.midY + side * 0.2)
        }
        for picture in [monkey, banana] {
            let allowed = Glide.allowedCenters(for: picture.frame, in: bounds)
            let kept = Glide.clamp(picture.center, to: allowed)
            if kept != picture.center { picture.center = kept }
        }
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        let lines = ["Drag, pinch and turn each picture, both at once.",
                     "Tap one: chomp. Rub one left and right: it laughs."]
        for (index, line) in lines.enumerated() {
            context.draw(line, at: Point(x: 10, y: 8 + 17 * Double(index)), font: Font(size: 9.5),
                         color: Color(red: 0.25, green: 0.35, blue: 0.25), width: bounds.width - 20,
                         truncation: .end)
        }
    }

    override func willDisappear() {
        monkey.stopGliding()
        banana.stopGliding()
        cue.hide()
    }
}
