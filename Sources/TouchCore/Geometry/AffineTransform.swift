/// A 2-D affine transform in CGAffineTransform's layout:
///
///     x' = a·x + c·y + tx
///     y' = b·x + d·y + ty
///
/// `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct AffineTransform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public init(scaleX x: Double, y: Double) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive turns +x towards +y, which is
    /// clockwise on screen because y grows downwards.
    public init(rotationAngle angle: Double) {
        let cosine = Double.cos(angle), sine = Double.sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    var isIdentity: Bool { self == .identity }

    /// `self` followed by `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * other.a + b * other.c,
                        b: a * other.b + b * other.d,
                        c: c * other.a + d * other.c,
                        d: c * other.b + d * other.d,
                        tx: tx * other.a + ty * other.c + other.tx,
                        ty: tx * other.b + ty * other.d + other.ty)
    }

    /// A translation applied before this transform.
    func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before this transform.
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied before this transform.
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse transform, or `self` unchanged when it has none (a zero
    /// determinant), as CGAffineTransformInvert does.
    public func inverted() -> AffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0 else { return self }
        let ia = d / determinant, ib = -b / determinant
        let ic = -c / determinant, id = a / determinant
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(tx * ia + ty * ic),
                               ty: -(tx * ib + ty * id))
    }
}
