import Canvas
import Document
import Export
import WaylandClient

/// The canvas's clipboard on the Wayland one: copied lines go out in the
/// app's own type (a drawing file holding them, which another window or
/// instance pastes), as PNG and as SVG (which image editors, documents and
/// chats paste); Paste takes the app's own type only.
package final class LinesClipboard: CanvasClipboard {
    /// The types offered, best first: GTK and Qt apps take the first they know.
    static let offeredTypes = [ClipboardLines.mimeType, "image/png", "image/svg+xml"]

    private let clipboard: Clipboard
    /// Says what went wrong, in a few words (a toast).
    var onFailure: ((String) -> Void)?
    /// Says what a copy took (how many lines).
    var onCopied: ((Int) -> Void)?

    package init(clipboard: Clipboard) {
        self.clipboard = clipboard
    }

    package var isAvailable: Bool { clipboard.isAvailable }

    package func copy(_ lines: [Line]) {
        let contents = ClipboardContents(types: Self.offeredTypes) { type in Self.bytes(of: lines, as: type) }
        if clipboard.copy(contents) {
            onCopied?(lines.count)
        } else {
            onFailure?(clipboard.isAvailable ? "Cannot copy before a key or a press" : "Cannot copy: the desktop offers no clipboard")
        }
    }

    package var holdsLines: Bool { clipboard.offeredTypes.contains(ClipboardLines.mimeType) }

    /// Reads the app's type and hands the lines over; what is not a
    /// drawing, or no lines at all, is said and nothing changes.
    package func readLines(_ place: @escaping ([Line]) -> Void) {
        guard holdsLines else {
            onFailure?(clipboard.offeredTypes.isEmpty ? "Nothing to paste: the clipboard is empty"
                                                      : "Cannot paste: the clipboard holds no drawing")
            return
        }
        clipboard.read(ClipboardLines.mimeType) { [weak self] result in
            switch result {
            case .success(let bytes):
                do {
                    let lines = try ClipboardLines.decode(bytes)
                    guard !lines.isEmpty else {
                        self?.onFailure?("Cannot paste: the clipboard's drawing has no lines")
                        return
                    }
                    place(lines)
                } catch {
                    self?.onFailure?("Cannot paste: \(error)")
                }
            case .failure(let error):
                self?.onFailure?("Cannot paste: \(error)")
            }
        }
    }

    /// The lines as `type`; nil for a type not offered, or an image that
    /// could not be made (the reader then gets nothing).
    static func bytes(of lines: [Line], as type: String) -> [UInt8]? {
        switch type {
        case ClipboardLines.mimeType: ClipboardLines.encode(lines)
        case "image/png": try? Exporter.bytes(of: lines, as: .png)
        case "image/svg+xml": try? Exporter.bytes(of: lines, as: .svg)
        default: nil
        }
    }
}
