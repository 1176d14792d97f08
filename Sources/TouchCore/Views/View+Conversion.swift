extension View {
    /// Converts `point` from this view's coordinates into `view`'s, or into
    /// window coordinates when `view` is nil. Works between any two views of
    /// one tree, through bounds origins and transforms.
    public func convert(_ point: Point, to view: View?) -> Point {
        let inRoot = convertToRoot(point)
        guard let view else { return inRoot }
        return view.convertFromRoot(inRoot)
    }

    /// Converts `point` from `view`'s coordinates (window coordinates when
    /// nil) into this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inRoot = view?.convertToRoot(point) ?? point
        return convertFromRoot(inRoot)
    }

    /// Converts `rect` into `view`'s coordinates (window coordinates when
    /// nil); under rotation the result is the bounding box.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        if rect.isNull { return rect }
        return Rect(enclosing: corners(of: rect).map { convert($0, to: view) })
    }

    /// Converts `rect` from `view`'s coordinates (window coordinates when
    /// nil) into this view's; under rotation the result is the bounding box.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        if rect.isNull { return rect }
        return Rect(enclosing: corners(of: rect).map { convert($0, from: view) })
    }

    /// From this view's coordinates to its superview's.
    func convertToSuperview(_ point: Point) -> Point {
        let offset = Point(x: point.x - bounds.midX, y: point.y - bounds.midY).applying(transform)
        return Point(x: center.x + offset.x, y: center.y + offset.y)
    }

    /// From the superview's coordinates to this view's.
    func convertFromSuperview(_ point: Point) -> Point {
        let offset = Point(x: point.x - center.x, y: point.y - center.y).applying(transform.inverted())
        return Point(x: bounds.midX + offset.x, y: bounds.midY + offset.y)
    }

    /// Into the coordinates of the root of the tree (the window's, when the
    /// view is in one).
    private func convertToRoot(_ point: Point) -> Point {
        var point = point
        var view = self
        while let superview = view.superview {
            point = view.convertToSuperview(point)
            view = superview
        }
        return point
    }

    private func convertFromRoot(_ point: Point) -> Point {
        var chain: [View] = []
        var view = self
        while let superview = view.superview {
            chain.append(view)
            view = superview
        }
        return chain.reversed().reduce(point) { point, view in view.convertFromSuperview(point) }
    }

    private func corners(of rect: Rect) -> [Point] {
        [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
         Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)]
    }
}
