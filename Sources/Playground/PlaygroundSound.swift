/// The sounds the playground asks for. The app plays them (the desktop's
/// event sounds); the playground shows a short visual cue for each as
/// well, for people without audio.
public enum PlaygroundSound: String, CaseIterable, Sendable {
    /// A tap on a picture: the tutorial's monkey and banana chomp.
    case chomp
    /// The tickle recognizer recognized: a laugh.
    case laugh

    /// What the visual cue says.
    var caption: String {
        switch self {
        case .chomp: "chomp!"
        case .laugh: "hee hee hee!"
        }
    }
}
