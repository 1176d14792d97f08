/// The resident memory of a process split by kind, over samples of its
/// `/proc/<pid>/status`: anonymous memory (the heap, stacks: what the
/// process allocated), shared memory (for the app, its `wl_shm` buffers) and
/// file-backed pages (the executable and libraries mapped: code that grows
/// with every library linked and is shared with other processes). The peak
/// the app owns is the largest anonymous + shared sum of one sample; the
/// file part is reported beside it.
struct OwnedMemory {
    /// kB, as `/proc` gives them.
    private(set) var peakOwned = 0
    private(set) var atPeak = (anonymous: 0, shared: 0, file: 0)
    private(set) var peakFile = 0
    private(set) var samples = 0

    mutating func sample(_ status: ProcStatus) {
        guard let anonymous = status.number("RssAnon"), let shared = status.number("RssShmem"),
              let file = status.number("RssFile") else { return }
        samples += 1
        peakFile = max(peakFile, file)
        if anonymous + shared > peakOwned {
            peakOwned = anonymous + shared
            atPeak = (anonymous, shared, file)
        }
    }

    /// kB in MB (10⁶ bytes), three significant digits.
    static func megabytes(_ kilobytes: Int) -> String { Format.number(Double(kilobytes) * 1024 / 1e6) }

    var summary: String {
        "at the peak: anonymous \(Self.megabytes(atPeak.anonymous)) MB + shared memory (wl_shm buffers) "
            + "\(Self.megabytes(atPeak.shared)) MB; mapped files (executable and libraries, not counted) "
            + "\(Self.megabytes(atPeak.file)) MB, at most \(Self.megabytes(peakFile)) MB; \(samples) samples"
    }
}
