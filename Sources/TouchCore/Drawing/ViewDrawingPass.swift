/// Draws a tree of views the UIKit way: each view draws its own content
/// (`View.draw(_:in:)`) in its own coordinates, with its transform and its
/// superviews' applied, clipped to its bounds; then its subviews, back to
/// front, over it. Only views whose transformed bounds meet the damage are
/// drawn, each told the part of its bounds to redraw.
///
/// A view's `backgroundColor` is filled under its content, `alpha` below 1
/// composites the view and its subviews as one translucent layer, and
/// `clipsToBounds` clips the subviews too. Hidden views, and views with an
/// alpha of 0, are skipped with their subviews.
///
/// A `contentPainter` may draw a view's content in its place (the render
/// layer's cached canvas lines): called with the view, the part of its
/// bounds to redraw and the context set up as for `draw(_:in:)`, it returns
/// true when it drew the content, false to let the view draw.
public struct ViewDrawingPass {
    public typealias ContentPainter = (_ view: View, _ rect: Rect, _ context: DrawingContext) -> Bool

    public var contentPainter: ContentPainter?

    public init(contentPainter: ContentPainter? = nil) {
        self.contentPainter = contentPainter
    }

    /// Draws `root` and its subviews where they meet `damage` (rectangles
    /// in `root`'s coordinates) into `context`, whose user space is
    /// `root`'s coordinates and whose clip the caller has set to the damage.
    public func draw(_ root: View, damage: [Rect], in context: DrawingContext) {
        let damage = damage.filter { !$0.isEmpty }
        guard !damage.isEmpty else { return }
        draw(root, toRoot: .identity, local: nil, damage: damage, in: context)
    }

    /// `toRoot` maps `view`'s coordinates to the root's; `local` maps them
    /// to the superview's (nil for the root itself).
    private func draw(_ view: View, toRoot: AffineTransform, local: AffineTransform?, damage: [Rect],
                      in context: DrawingContext) {
        guard !view.isHidden, view.alpha > 0 else { return }
        let bounds = view.bounds
        let boundsInRoot = bounds.applying(toRoot)
        let ownDamage = damage.lazy.map { $0.intersection(boundsInRoot) }.filter { !$0.isEmpty }
        let isDamaged = !ownDamage.isEmpty
        // Subviews may draw outside the bounds, unless clipped to them.
        if !isDamaged && (view.subviews.isEmpty || view.clipsToBounds) { return }

        context.saveState()
        if let local { context.concatenate(local) }
        let translucent = view.alpha < 1
        if translucent { context.beginTransparencyLayer() }
        if isDamaged {
            let fromRoot = toRoot.inverted()
            let dirty = ownDamage.reduce(Rect.null) { $0.union($1.applying(fromRoot)) }.intersection(bounds)
            if !dirty.isEmpty {
                context.saveState()
                context.clip(to: bounds)
                if let background = view.backgroundColor { context.fill(bounds, with: background) }
                if contentPainter?(view, dirty, context) != true { view.draw(dirty, in: context) }
                context.restoreState()
            }
        }
        if !view.subviews.isEmpty {
            if view.clipsToBounds { context.clip(to: bounds) }
            for subview in view.subviews {
                let toSuperview = subview.transformToSuperview
                draw(subview, toRoot: toSuperview.concatenating(toRoot), local: toSuperview, damage: damage,
                     in: context)
            }
        }
        if translucent { context.endTransparencyLayer(alpha: view.alpha) }
        context.restoreState()
    }
}
