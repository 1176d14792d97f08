import JSONLine
import WaylandInput

extension CompositorReport.Analysis {
    /// A seat's capabilities as a batch reported them, with its version when
    /// the batch says it: a change while the window was open is evidence.
    mutating func seatCapabilities(_ seat: String, _ new: (pointer: Bool, keyboard: Bool, touch: Bool),
                                   seatVersion: UInt32?, origin: InputOrigin, at place: Place) {
        if let seatVersion { seatVersions[seat] = seatVersion }
        if let old = capabilities[seat], old != new, origin == .compositor {
            capabilityChanges.append((place, "\(Excerpt.of(seat)) went from \(Self.names(old)) to \(Self.names(new))"))
        }
        capabilities[seat] = new
    }

    static func names(_ capabilities: (pointer: Bool, keyboard: Bool, touch: Bool)) -> String {
        let names = [(capabilities.pointer, "pointer"), (capabilities.keyboard, "keyboard"),
                     (capabilities.touch, "touch")].filter(\.0).map(\.1)
        return names.isEmpty ? "nothing" : names.joined(separator: "+")
    }
}
