import Instruments
import WaylandClient
import WaylandInput

/// `--log-input`: writes one JSON line (`InputLog`) per input batch.
final class InputLogWriter: InputObserver {
    private let write: (String) -> Void

    init(write: @escaping (String) -> Void) {
        self.write = write
    }

    func observe(_ event: InputEvent, origin: InputOrigin) {
        write(InputLog.line(for: event))
    }
}
