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
///
/// The pass runs for every frame, a finger's motion frames included, so it
/// allocates nothing on the way and sets no clip it does not need: where
/// the damage lies inside a view's bounds (the usual case: a line's
/// rectangle on the canvas), the context's clip to the damage already
/// keeps the view inside them.
public struct ViewDrawingPass {
    public typealias ContentPainter = (_ view: View, _ rect: Rect, _ context: DrawingContext) -> Bool

    var contentPainter: ContentPainter?

    public init(contentPainter: ContentPainter? = nil) {
        self.contentPainter = contentPainter
    }

    /// Draws `root` and its subviews where they meet `damage` (rectangles
    /// in `root`'s coordinates) into `context`, whose user space is
    /// `root`'s coordinates and whose clip the caller has set to the damage.
    public func draw(_ root: View, damage: [Rect], in context: DrawingContext) {
        guard damage.contains(where: { !$0.isEmpty }) else { return }
        draw(root, toRoot: .identity, local: nil, damage: damage, in: context)
    }

    /// `toRoot` maps `view`'s coordinates to the root's; `local` maps them
    /// to the superview's (nil for the root itself).
    private func draw(_ view: View, toRoot: AffineTransform, local: AffineTransform?, damage: [Rect],
                      in context: DrawingContext) {
        guard !view.isHidden, view.alpha > 0 else { return }
        let bounds = view.bounds
        let boundsInRoot = bounds.applying(toRoot)
        // Whether the damage meets the view, and lies inside it.
        var isDamaged = false, damageInside = true
        for rect in damage where !rect.isEmpty {
            if rect.intersects(boundsInRoot) {
                isDamaged = true
                if !boundsInRoot.contains(rect) { damageInside = false }
            } else {
                damageInside = false
            }
        }
        let hasSubviews = !view.subviews.isEmpty
        // Subviews may draw outside the bounds, unless clipped to them.
        if !isDamaged && (!hasSubviews || view.clipsToBounds) { return }

        let translucent = view.alpha < 1
        let needsState = local != nil || translucent
        if needsState { context.saveState() }
        if let local { context.concatenate(local) }
        if translucent { context.beginTransparencyLayer() }
        if isDamaged {
            // Unrotated, a view's box in the root is exact: damage inside
            // it needs no clip of its own.
            let needsClip = !(damageInside && toRoot.b == 0 && toRoot.c == 0)
            let dirty = dirtyRect(of: bounds, boundsInRoot: boundsInRoot, toRoot: toRoot, damage: damage)
            if !dirty.isEmpty {
                // The view's own clip and state must not reach its subviews.
                let isolates = needsClip || hasSubviews || !needsState
                if isolates { context.saveState() }
                if needsClip { context.clip(to: bounds) }
                if let background = view.backgroundColor { context.fill(bounds, with: background) }
                if contentPainter?(view, dirty, context) != true { view.draw(dirty, in: context) }
                if isolates { context.restoreState() }
            }
        }
        if hasSubviews {
            if view.clipsToBounds { context.clip(to: bounds) }
            for subview in view.subviews {
                let toSuperview = subview.transformToSuperview
                draw(subview, toRoot: toSuperview.concatenating(toRoot), local: toSuperview, damage: damage,
                     in: context)
            }
        }
        if translucent { context.endTransparencyLayer(alpha: view.alpha) }
        if needsState { context.restoreState() }
    }

    /// The part of `bounds` the damage covers, in the view's coordinates
    /// (under a rotation, the bounding box).
    private func dirtyRect(of bounds: Rect, boundsInRoot: Rect, toRoot: AffineTransform, damage: [Rect]) -> Rect {
        var inRoot = Rect.null
        for rect in damage {
            let part = rect.intersection(boundsInRoot)
            if !part.isEmpty { inRoot = inRoot.union(part) }
        }
        if toRoot.a == 1 && toRoot.b == 0 && toRoot.c == 0 && toRoot.d == 1 {
            return inRoot.offsetBy(dx: -toRoot.tx, dy: -toRoot.ty).intersection(bounds)
        }
        return inRoot.applying(toRoot.inverted()).intersection(bounds)
    }
}
