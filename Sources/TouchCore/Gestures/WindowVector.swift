/// Converts displacements (translations, velocities) between window
/// coordinates and a view's, honouring the view's scale and rotation.
enum WindowVector {
    static func convert(_ vector: Vector, to view: View?) -> Vector {
        guard let view else { return vector }
        return view.convert(.zero + vector, from: nil) - view.convert(.zero, from: nil)
    }

    static func convert(_ vector: Vector, from view: View?) -> Vector {
        guard let view else { return vector }
        return view.convert(.zero + vector, to: nil) - view.convert(.zero, to: nil)
    }
}
