/// This machine's yardstick for the benchmarks' timings: work of the kind
/// the app's CPU-bound paths do (small objects made and freed, reference
/// counting, hashing them into a set and a dictionary, short arrays), a
/// fixed amount per unit, with a checksum so the optimizer cannot drop it.
///
/// Absolute times differ between machines and with load (PLATFORM-NOTES:
/// one build routed 1.11 M and 0.53–0.64 M events/s on two 2-core machines),
/// so a figure that times work once and this yardstick beside it, in turn,
/// is judged on the ratio, which means the same on every machine.
public struct ReferenceWorkload {
    final class Token {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// The sum of every token's value over every unit run so far: each unit
    /// adds `4 × unit number + 6`, so the work cannot be skipped.
    public private(set) var checksum = 0
    private var tokens: [Token] = []
    private var members = Set<ObjectIdentifier>()
    private var values: [ObjectIdentifier: Int] = [:]

    public init() {}

    /// Runs `units` units, numbered from 0.
    public mutating func run(units: Int) {
        tokens.reserveCapacity(4)
        for unit in 0..<units {
            for index in 0..<4 {
                let token = Token(unit &+ index)
                tokens.append(token)
                members.insert(ObjectIdentifier(token))
                values[ObjectIdentifier(token)] = token.value
            }
            for token in tokens where members.contains(ObjectIdentifier(token)) {
                checksum &+= values[ObjectIdentifier(token)] ?? 0
            }
            tokens.removeAll(keepingCapacity: true)
            members.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
        }
    }
}
