import CWaylandClient
import Platform

/// What the app puts on the clipboard: the MIME types it offers, best
/// first, and the bytes of each, made when another client asks for that
/// type (an image is only drawn for the app that pastes it).
public struct ClipboardContents {
    public let types: [String]
    let bytes: (String) -> [UInt8]?

    /// `bytes` gives the contents as one of `types` (nil: refuse it).
    public init(types: [String], bytes: @escaping (String) -> [UInt8]?) {
        self.types = types
        self.bytes = bytes
    }
}

/// A `wl_data_source`: the app's clipboard contents, handed to whoever
/// pastes, until another selection replaces it (`cancelled`).
final class DataSource {
    let proxy: OpaquePointer
    private let contents: ClipboardContents
    /// Starts writing bytes to a pipe another client is reading.
    private let write: (FileDescriptor, [UInt8]) -> Void
    /// Called when the compositor withdrew the source (another selection).
    private let onCancelled: (DataSource) -> Void

    /// `wl_data_device_manager.create_data_source`, offering every type of
    /// `contents` (`wl_data_source.offer`).
    init(manager: OpaquePointer, contents: ClipboardContents,
         write: @escaping (FileDescriptor, [UInt8]) -> Void, onCancelled: @escaping (DataSource) -> Void) {
        proxy = wl_data_device_manager_create_data_source(manager)
        self.contents = contents
        self.write = write
        self.onCancelled = onCancelled
        wl_data_source_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
        for type in contents.types { wl_data_source_offer(proxy, type) }
    }

    func destroy() {
        wl_data_source_destroy(proxy)
    }

    /// `wl_data_source.send`: another client reads `type` from `fd`. A type
    /// the contents cannot give closes the pipe at once (the reader gets nothing).
    private func send(_ type: String, fd: FileDescriptor) {
        guard contents.types.contains(type), let bytes = contents.bytes(type) else {
            try? fd.close()
            return
        }
        write(fd, bytes)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> DataSource {
        Unmanaged<DataSource>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The `wl_data_source` listener; `data` is the unretained `DataSource`,
    /// which destroys the proxy before it goes away. The drag-and-drop
    /// events never come: the source is only ever a selection.
    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<wl_data_source_listener> = {
        let listener = UnsafeMutablePointer<wl_data_source_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_data_source_listener(
            target: { _, _, _ in },
            send: { data, _, type, fd in
                let descriptor = FileDescriptor(rawValue: fd)
                guard let type else {
                    try? descriptor.close()
                    return
                }
                from(data).send(String(cString: type), fd: descriptor)
            },
            cancelled: { data, _ in
                let source = from(data)
                source.onCancelled(source)
            },
            dnd_drop_performed: { _, _ in },
            dnd_finished: { _, _ in },
            action: { _, _, _ in }))
        return listener
    }()
}
