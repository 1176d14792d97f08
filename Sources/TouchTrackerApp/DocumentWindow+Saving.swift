/// Keeping the drawing on disk, and the window's end: the last save,
/// and where the drawing was seen.
extension DocumentWindow {
    /// Saves what is unsaved now (the idle hook does after every change).
    public func save() {
        needsSave = false
        autosave?.drawingChanged()
    }

    /// The window closes for good, alone (`Session.close`): its drawing is
    /// saved (`finish()`), and its timers and pending frame work stop.
    func close() {
        finish()
        timers.cancelAll()
    }

    /// Saves one last time, leaving only the drawing file (see
    /// `Autosave.finish`: the journal finished, the lock released), and
    /// records how the drawing ended up. A drawing still being opened is
    /// waited for: the strokes drawn meanwhile join it and are saved (a
    /// file nobody changed stays as it was).
    func finish() {
        guard ending == nil else { return }
        completeOpening()
        // Strokes in progress end as if their fingers lifted, and are kept
        // (the recording's end line lifts them in a replay too).
        scene.window.liftAllTouches()
        recorder?.finish()
        rememberView()
        // A change the idle hook has not saved yet counts as unsaved: if the
        // last save fails, it goes to the emergency copy.
        if needsSave { autosave?.markChanged() }
        needsSave = false
        // No autosave: the drawing could not be opened, and nothing was saved.
        ending = autosave?.finish(environment: environment) ?? .saved
    }

    /// Remembers where the drawing was seen, for the next time it opens; a
    /// view nobody moved leaves the settings file as it was (or absent).
    func rememberView() {
        let key = SettingsFormat.viewKey(forDrawingAt: documentPath)
        guard let settingsFile, (settingsFile.settings.views[key] ?? .actualSize) != canvas.viewport else { return }
        settingsFile.update { $0.views.remember(canvas.viewport, for: key) }
    }
}
