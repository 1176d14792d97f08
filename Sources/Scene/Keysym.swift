/// The xkbcommon keysyms the app names (xkbcommon-keysyms.h).
package enum Keysym {
    static let space: UInt32 = 0x20
    static let backSpace: UInt32 = 0xff08
    static let tab: UInt32 = 0xff09
    package static let returnKey: UInt32 = 0xff0d
    static let escape: UInt32 = 0xff1b
    static let home: UInt32 = 0xff50
    static let left: UInt32 = 0xff51
    static let up: UInt32 = 0xff52
    static let right: UInt32 = 0xff53
    static let down: UInt32 = 0xff54
    static let end: UInt32 = 0xff57
    package static let keypadEnter: UInt32 = 0xff8d
    static let keypadDelete: UInt32 = 0xff9f
    static let isoLeftTab: UInt32 = 0xfe20
    static let delete: UInt32 = 0xffff
    static let f10: UInt32 = 0xffc7
    static let f12: UInt32 = 0xffc9
}
