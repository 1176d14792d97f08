/// The sounds TouchTracker ships (`data/sounds/`, made by
/// `data/sounds/make-sounds.py`; installed in `PREFIX/share/touchtracker/sounds`).
public enum SoundName: String, CaseIterable, Sendable {
    /// Two quick bites (0.22 s).
    case chomp
    /// Five falling "ha"s (1 s).
    case laugh

    /// The file's name in the sounds folder.
    public var fileName: String { "\(rawValue).wav" }
}
