/// Linux evdev key codes (linux/input-event-codes.h), what `wl_keyboard.key`
/// carries: the keys the tests press.
public enum EvdevKey {
    public static let escape: UInt32 = 1
    public static let one: UInt32 = 2
    public static let zero: UInt32 = 11
    public static let minus: UInt32 = 12
    public static let equal: UInt32 = 13
    public static let backspace: UInt32 = 14
    public static let q: UInt32 = 16
    public static let w: UInt32 = 17
    public static let enter: UInt32 = 28
    public static let a: UInt32 = 30
    public static let s: UInt32 = 31
    public static let f: UInt32 = 33
    public static let l: UInt32 = 38
    public static let leftShift: UInt32 = 42
    public static let z: UInt32 = 44
    public static let x: UInt32 = 45
    public static let c: UInt32 = 46
    public static let v: UInt32 = 47
    public static let n: UInt32 = 49
    public static let space: UInt32 = 57
    public static let f10: UInt32 = 68
    public static let f12: UInt32 = 88
    public static let delete: UInt32 = 111
}
