import CWaylandClient
import Platform

/// Files dropped on our windows: the accepted drags' offers, read as
/// `text/uri-list` through a non-blocking pipe the loop polls (as the
/// clipboard reads), then finished (`wl_data_offer.finish`) and destroyed;
/// the list goes to `onDrop` for the window it was dropped on. The seats'
/// data devices share one of these.
final class FileDrop {
    /// Which surfaces are ours: drags elsewhere are not looked at.
    let isOurSurface: (OpaquePointer) -> Bool
    /// The `text/uri-list` dropped on a surface of ours, or why it could
    /// not be read.
    var onDrop: ((_ surface: OpaquePointer, Result<[UInt8], ClipboardError>) -> Void)?
    /// A drag offering no files (only `types`) came over a surface of ours
    /// and was declined.
    var onDeclined: ((_ surface: OpaquePointer, _ types: [String]) -> Void)?
    private let loop: EventLoop
    /// Drops being read, with their offers (kept until read and finished).
    private var reads: [(read: ClipboardRead, offer: DataOffer)] = []

    init(loop: EventLoop, isOurSurface: @escaping (OpaquePointer) -> Bool) {
        self.loop = loop
        self.isOurSurface = isOurSurface
    }

    func declined(_ types: [String], on surface: OpaquePointer) {
        onDeclined?(surface, types)
    }

    /// Reads the files `offer` holds, dropped on `surface`; says when done.
    func take(_ offer: DataOffer, droppedOn surface: OpaquePointer) {
        let fd: FileDescriptor
        do {
            fd = try offer.receive(DataDevice.uriListType)
        } catch {
            finish(offer)
            onDrop?(surface, .failure(.transferFailed(error)))
            return
        }
        let read = ClipboardRead(fd: fd, loop: loop, completion: { [weak self] result in
            self?.onDrop?(surface, result)
        }, onEnd: { [weak self] read in
            guard let self, let index = reads.firstIndex(where: { $0.read === read }) else { return }
            finish(reads.remove(at: index).offer)
        })
        reads.append((read, offer))
    }

    /// Tells the source the drop is done (from version 3), and lets it go.
    private func finish(_ offer: DataOffer) {
        if wl_data_offer_get_version(offer.proxy) >= WL_DATA_OFFER_FINISH_SINCE_VERSION {
            wl_data_offer_finish(offer.proxy)
        }
        offer.destroy()
    }

    /// Gives up every read (the clipboard is going away).
    func cancelAll() {
        for (read, _) in reads { read.cancel() }
    }
}
