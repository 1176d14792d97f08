import Platform

/// Why the clipboard's contents could not be read.
public enum ClipboardError: Error, Equatable, CustomStringConvertible {
    /// Nothing on the clipboard, or not in the type asked for.
    case typeNotOffered(String)
    /// The compositor offers no clipboard (`wl_data_device_manager`) or no seat.
    case unavailable
    /// The pipe failed (`Errno` says why).
    case transferFailed(Errno)
    /// The owner sent more than `limit` bytes.
    case tooLarge(limit: Int)
    /// The read was given up (the app is closing).
    case cancelled

    public var description: String {
        switch self {
        case .typeNotOffered(let type): "the clipboard holds no \(type)"
        case .unavailable: "the compositor offers no clipboard"
        case .transferFailed(let error): "reading the clipboard failed: \(error)"
        case .tooLarge(let limit): "the clipboard holds more than \(limit >> 20) MB"
        case .cancelled: "reading the clipboard was given up"
        }
    }
}
