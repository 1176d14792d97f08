/// The messages one changed touch produces in one input batch, for its
/// recognizers and its view; they are always delivered in the order began,
/// moved, ended, cancelled.
struct MessagePhases: OptionSet {
    let rawValue: UInt8

    static let began = MessagePhases(rawValue: 1 << 0)
    static let moved = MessagePhases(rawValue: 1 << 1)
    static let ended = MessagePhases(rawValue: 1 << 2)
    static let cancelled = MessagePhases(rawValue: 1 << 3)

    /// The phases present, each with its flag, in delivery order (the
    /// order of the bits).
    var inDeliveryOrder: InDeliveryOrder { InDeliveryOrder(remaining: rawValue) }

    struct InDeliveryOrder: Sequence, IteratorProtocol {
        var remaining: UInt8

        mutating func next() -> (phase: Touch.Phase, flag: MessagePhases)? {
            guard remaining != 0 else { return nil }
            let flag = MessagePhases(rawValue: remaining & (~remaining &+ 1))
            remaining &= remaining &- 1
            switch flag {
            case .began: return (.began, flag)
            case .moved: return (.moved, flag)
            case .ended: return (.ended, flag)
            default:
                assert(flag == .cancelled, "four phases")
                return (.cancelled, flag)
            }
        }
    }
}

/// One touch that changed in the batch being delivered.
struct ChangedTouch {
    let touch: Touch
    let phases: MessagePhases
    let delivery: TouchDelivery
}
