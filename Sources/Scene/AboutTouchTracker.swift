import Decorations

/// What the About dialog says (AdwAboutDialog's essentials): the app's icon, the name,
/// what it does, the version, the licence and the website.
enum AboutTouchTracker {
    /// The app's name, in the header bar and the About dialog.
    static let name = "TouchTracker"
    static let website = "https://touchtracker.org"
    static let licence = "MIT License"

    static func sections(version: String) -> [TextRowsView.Section] {
        [
            .init(rows: [
                .init(name, style: .appIcon),
                .init(name, style: .headline),
                .init("Draw with your fingers, a pen or the mouse", style: .centred),
                .init("Version \(version)", style: .dim),
                .init(licence, style: .dim),
                .init(website, style: .link),
            ]),
        ]
    }
}
