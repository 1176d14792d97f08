import Canvas
import Document
import Platform
import Scene

/// Open…, Save As… and Rename… in a drawing's window. Each lets go of
/// the drawing shown only once the next one is safely in hand: the new
/// file is opened (Open) or written (Save As) or its name locked (Rename)
/// first, and a failure leaves the window as it was, the drawing saved
/// where it was, and says why (`DrawingFileProblem`).
extension DocumentWindow {
    /// Open… and Open Recent: the drawing at `path` in a window of its own
    /// (the window that has it already, if one does), as a drawing is a
    /// window; in this window in its place when this one's drawing is
    /// empty, as GNOME's editors reuse an empty untitled window.
    func openDrawing(_ path: String) throws(DrawingFileProblem) {
        guard canvas.drawing.count > 0 || isOpeningDrawing else { return try openDrawingInThisWindow(path) }
        do {
            try onOpenDrawing(path)
        } catch let error as DocumentError {
            throw .document(error)
        } catch {
            throw .document(.system(operation: "open", path: path, errno: 0, reason: "\(error)"))
        }
    }

    /// Shows the drawing at `path` in this window in place of the one
    /// shown, which is saved and let go (lock released, journal folded).
    /// A file that is not a drawing is left as it is (never set aside,
    /// as the drawing a session starts with is).
    func openDrawingInThisWindow(_ path: String) throws(DrawingFileProblem) {
        guard !isOpeningDrawing else { throw .stillOpening }
        let opening: DocumentOpening
        do {
            opening = try Document.beginOpening(at: path)
        } catch {
            throw .document(error)
        }
        guard opening.path != documentPath else {
            // Our own lock would have refused it; a link to it resolves here.
            opening.abandon()
            throw .alreadyShown
        }
        // Checked before `finish()`, which would set a file that is not a
        // drawing aside: a file someone picked by mistake stays where it is.
        do throws(DocumentError) {
            _ = try Document.load(from: opening.path)
        } catch where error.meansNotADrawing {
            opening.abandon()
            throw .document(error)
        } catch {
            // A missing file is a new drawing; other errors show at finish().
        }
        do throws(DocumentError) {
            try replaceDrawing(with: opening)
        } catch {
            throw .document(error)
        }
    }

    /// Save As…: writes the drawing shown to `path` (a new file, or one the
    /// desktop's chooser asked to replace), and the window goes on with
    /// that copy, as GNOME apps do; the old file keeps the drawing as it
    /// was. The new path is locked before it is written, and stays locked.
    func saveDrawing(as path: String) throws(DrawingFileProblem) {
        guard !isOpeningDrawing else { throw .stillOpening }
        guard path != documentPath else { throw .alreadyShown }
        try requireWritableFolder(of: path)
        do throws(DocumentError) {
            let lock = try DrawingLock.acquire(for: path)
            if let status = try? FileStatus(path: path), status.kind != .regular {
                lock?.releaseAndRemove()
                throw .notAFile(path: path, kind: status.kind.userName)
            }
            do throws(DocumentError) {
                try Document.save(canvas.drawing.lines, to: path)
            } catch {
                lock?.releaseAndRemove()
                throw error
            }
            try replaceDrawing(with: Document.beginOpening(at: path, holding: lock))
        } catch {
            throw .document(error)
        }
    }

    /// Rename…: gives the drawing's file `name` in its own folder. The new
    /// name is locked first; the drawing is saved and let go under its old
    /// name, renamed (never over another file) and opened again.
    func renameDrawing(to name: DrawingName) throws(DrawingFileProblem) {
        guard !isOpeningDrawing else { throw .stillOpening }
        let folder = FileSystem.parent(of: documentPath)
        let target = "\(folder)/\(name.fileName)"
        guard target != documentPath else { return }
        guard !FileSystem.exists(target) else { throw .exists(fileName: name.fileName) }
        try requireWritableFolder(of: target)
        let lock: DrawingLock?
        do throws(DocumentError) {
            lock = try DrawingLock.acquire(for: target)
        } catch {
            throw .document(error)
        }
        let old = documentPath
        letGoOfDrawing()
        do throws(Errno) {
            if FileSystem.exists(old) { try FileSystem.renameWithoutReplacing(old, to: target) }
        } catch {
            lock?.releaseAndRemove()
            // The drawing comes back under its old name: nothing moved.
            reopen(old)
            throw .document(.system(operation: "rename", path: old, errno: error.rawValue, reason: error.description))
        }
        do throws(DocumentError) {
            try showDrawing(Document.beginOpening(at: target, holding: lock).finish())
        } catch {
            // Renamed but not opened again: nothing saves the lines drawn from now on.
            report("cannot open the renamed drawing \(target): \(error)")
            banner.show("Not saved: \(error.reason). Open “\(name.fileName)” again to keep drawing in it.")
            throw .document(error)
        }
    }

    /// The data folder: where drawings are kept unless saved elsewhere,
    /// beside the default drawing.
    var dataFolder: String { FileSystem.parent(of: Document.defaultPath(environment: environment)) }

    // MARK: Replacing the drawing

    /// Opens `opening` (parsing it), then lets go of the drawing shown and
    /// shows the new one. A failure to parse leaves the window as it was.
    private func replaceDrawing(with opening: DocumentOpening) throws(DocumentError) {
        let document: OpenedDocument
        do {
            document = try opening.finish()
        } catch {
            opening.abandon()
            throw error
        }
        letGoOfDrawing()
        showDrawing(document)
    }

    /// Saves the drawing shown one last time and releases it, as quitting
    /// does (its lines kept in an emergency copy if that save fails).
    private func letGoOfDrawing() {
        window.liftAllTouches()
        rememberView()
        if needsSave { autosave?.markChanged() }
        needsSave = false
        switch autosave?.finish(environment: environment) ?? .saved {
        case .saved: break
        case .emergencyCopy(let path, let failure):
            report("\(documentPath) could not be saved (\(failure)); its lines are in \(path)")
        case .lost(let failure, let emergencyFailure):
            report("\(documentPath) could not be saved (\(failure)), nor an emergency copy (\(emergencyFailure))")
        }
        autosave = nil
    }

    /// Shows `document` in the window: its lines alone, where it was last
    /// seen, its name as the title, and remembered as recently used.
    private func showDrawing(_ document: OpenedDocument) {
        documentPath = document.path
        canvas.drawing.replaceAll(with: Drawing())
        canvas.viewport = settingsFile?.settings.views[SettingsFormat.viewKey(forDrawingAt: documentPath)] ?? .actualSize
        documentOpened(document, lines: Drawing(lines: document.takeLines()))
        showTitle()
        recentDrawings.use(documentPath)
    }

    /// Opens the drawing at `path` again after a rename failed.
    private func reopen(_ path: String) {
        do {
            showDrawing(try Document.open(at: path))
        } catch {
            report("cannot open \(path) again: \(error)")
            banner.show("Not saved: \(error.reason). Quit and start again to keep drawing here.")
        }
    }

    private func requireWritableFolder(of path: String) throws(DrawingFileProblem) {
        let folder = FileSystem.parent(of: path)
        guard (try? FileStatus(path: folder))?.kind == .directory else {
            throw .document(.notAFile(path: folder, kind: "no folder"))
        }
        do {
            try FileSystem.checkWritable(folder)
        } catch {
            throw .readOnlyFolder(folder)
        }
    }

    /// The window's title: the drawing's name.
    func showTitle() {
        let title = DrawingName.title(ofDrawingAt: documentPath, environment: environment)
        toplevel.title = title
        scene.chrome.drawingTitle = title
    }
}

extension DocumentWindow {
    /// Gives the main menu its Open…, Open Recent, Save As… and Rename…,
    /// through the in-app chooser (`PortalFileChooser` takes Open… and
    /// Save As… where the desktop offers its own).
    func setUpDrawingFiles() {
        let chrome = scene.chrome
        let inApp = InAppFileChooser(chrome: chrome, dataFolder: { [unowned self] in dataFolder }) { [unowned self] mode in
            let recent = recentDrawings.drawings.filter { $0 != documentPath }
            if mode == .openRecent { return recent.map { ChooserEntry(path: $0, detail: "Recent") } }
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            let folderTitle = home.flatMap { dataFolder.hasPrefix($0 + "/") ? "~" + dataFolder.dropFirst($0.count) : nil }
            return ChooserEntry.entries(recent: recent, folder: dataFolder, folderTitle: folderTitle ?? dataFolder)
                .filter { $0.path != documentPath }
        }
        let files = DrawingFiles(
            inApp: inApp, currentName: { [unowned self] in DrawingName.title(ofDrawingAt: documentPath) },
            openDrawing: { [unowned self] path in failure { () throws(DrawingFileProblem) in try openDrawing(path) } },
            saveDrawingAs: { [unowned self] path in failure { () throws(DrawingFileProblem) in try saveDrawing(as: path) } },
            renameDrawing: { [unowned self] name in failure { () throws(DrawingFileProblem) in try renameDrawing(to: name) } })
        if let portal = PortalFileChooser(environment: environment, loop: loop, fallback: inApp,
                                          tell: { [unowned self] in scene.fileChoiceFailed($0) }, report: report) {
            // Its dialog over this window where the compositor exports it (xdg-foreign).
            portal.parentWindow = { [unowned self] in toplevel.exportedHandle.map { "wayland:\($0)" } ?? "" }
            files.chooser = portal
        }
        chrome.drawingFiles = files
    }

    /// What `action` threw, reported; nil when it worked.
    private func failure(_ action: () throws(DrawingFileProblem) -> Void) -> DrawingFileProblem? {
        do {
            try action()
            return nil
        } catch {
            report("\(error)")
            return error
        }
    }
}
