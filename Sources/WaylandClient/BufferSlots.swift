/// Bookkeeping of a small set of buffers: which ones the compositor still
/// holds (busy from commit until `wl_buffer.release`) and what each must
/// repaint since it was last drawn. Pure: the pool maps slots to real buffers.
struct BufferSlots {
    /// Two buffers suffice when the compositor releases promptly; a third
    /// covers one that holds a buffer for a frame longer. More would only
    /// hide a compositor that never releases.
    static let maximumCount = 3

    struct Slot: Equatable {
        var isBusy: Bool
        /// Changes this slot's pixels have not seen yet.
        var damage: DamageRegion
    }

    private(set) var slots: [Slot] = []

    /// What `acquire` hands out: the slot to draw into, whether it needs a new
    /// buffer, and what of it must be repainted.
    struct Acquired: Equatable {
        let index: Int
        let isNew: Bool
        let repaint: DamageRegion
    }

    /// Records a change: every slot must repaint it when next drawn.
    mutating func addDamage(_ region: DamageRegion) {
        for index in slots.indices { slots[index].damage.add(region) }
    }

    /// A free slot to draw into, now marked busy with its damage taken; a new
    /// slot (fully damaged) when all are busy and fewer than the maximum
    /// exist; nil when the maximum are all busy (wait for a release).
    mutating func acquire() -> Acquired? {
        if let index = slots.firstIndex(where: { !$0.isBusy }) {
            let repaint = slots[index].damage
            slots[index] = Slot(isBusy: true, damage: DamageRegion())
            return Acquired(index: index, isNew: false, repaint: repaint)
        }
        guard slots.count < Self.maximumCount else { return nil }
        slots.append(Slot(isBusy: true, damage: DamageRegion()))
        return Acquired(index: slots.count - 1, isNew: true, repaint: .full)
    }

    /// `wl_buffer.release` for the buffer of slot `index`.
    /// A release of a buffer that is not busy is a compositor bug; it is
    /// harmless here, so it is ignored rather than trusted or fatal.
    mutating func release(_ index: Int) {
        slots[index].isBusy = false
    }

    /// Forgets every slot (after a resize or scale change the buffers are
    /// replaced).
    mutating func reset() {
        slots = []
    }
}
