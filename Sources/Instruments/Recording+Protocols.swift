import JSONLine
import WaylandInput

extension Recording {
    /// The header's `protocols`: each modern global the compositor offered,
    /// by interface, with its version, `{"wp_cursor_shape_manager_v1":2,…}`.
    static func offeredProtocols(_ value: JSONValue, name: String) throws(Unreadable) -> [OfferedProtocol] {
        guard let object = value.objectValue else {
            throw Unreadable(description: "\(name): line 1: protocols is \(Excerpt.of(value.text)), "
                             + "not {\"interface\":version,…}")
        }
        var offered: [OfferedProtocol] = []
        for (interface, version) in object.fields {
            guard let number = version.numberValue, let version = UInt32(exactly: number), version > 0 else {
                throw Unreadable(description: "\(name): line 1: protocol \(Excerpt.of(interface)) has version "
                                 + "\(Excerpt.of(version.text)), not a whole number from 1")
            }
            offered.append(OfferedProtocol(interface: interface, version: version))
        }
        return offered
    }
}
