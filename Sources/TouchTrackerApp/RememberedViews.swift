import Canvas

/// Where each drawing was last seen (`Settings.views`), by its
/// `SettingsFormat.viewKey(forDrawingAt:)`: the `limit` most recently
/// seen, oldest first. Every drawing ever opened would otherwise add a
/// line to the settings file until it outgrew what the app reads
/// (`SettingsFile.sizeLimit`: 1,522 views did) and was ignored whole.
struct RememberedViews: Equatable {
    static let limit = 100

    /// The keys, least recently seen first.
    private(set) var keys: [String] = []
    private var viewports: [String: CanvasViewport] = [:]

    subscript(key: String) -> CanvasViewport? { viewports[key] }

    var count: Int { keys.count }

    /// Remembers `viewport` for `key` as the most recent, forgetting the
    /// least recent past `limit`.
    mutating func remember(_ viewport: CanvasViewport, for key: String) {
        if viewports.updateValue(viewport, forKey: key) != nil { keys.removeAll { $0 == key } }
        keys.append(key)
        while keys.count > Self.limit { viewports[keys.removeFirst()] = nil }
    }
}
