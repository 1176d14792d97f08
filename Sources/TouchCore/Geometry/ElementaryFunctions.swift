import Glibc  // libm: the standard library has no trigonometry, exponentials or powers.

// The one place the pure core (TouchCore, Canvas, Playground, Decorations)
// reaches the C library: the seven libm functions it needs, as `Double`'s
// static functions (swift-numerics' spelling), so no other file of the core
// imports Glibc and no name clashes with libm's own where both are imported.
extension Double {
    public static func sin(_ x: Double) -> Double { Glibc.sin(x) }
    public static func cos(_ x: Double) -> Double { Glibc.cos(x) }
    public static func acos(_ x: Double) -> Double { Glibc.acos(x) }
    public static func atan2(y: Double, x: Double) -> Double { Glibc.atan2(y, x) }
    public static func exp(_ x: Double) -> Double { Glibc.exp(x) }
    public static func log(_ x: Double) -> Double { Glibc.log(x) }
    static func pow(_ x: Double, _ y: Double) -> Double { Glibc.pow(x, y) }
}
