#if canImport(Glibc)
import Glibc
#endif

/// The fields of a Linux `/proc/…/status` file (`VmHWM:  12345 kB`,
/// `voluntary_ctxt_switches:  7`), read once.
struct ProcStatus {
    private var fields: [Substring: Substring] = [:]

    /// nil when the file cannot be read (the process or thread is gone).
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon]] = line[line.index(after: colon)...]
        }
    }

    /// The number at the start of field `name` (kB for the Vm… fields).
    func number(_ name: String) -> Int? {
        guard let value = fields[Substring(name)] else { return nil }
        return Int(value.split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }

    /// Field `name` without its surrounding blanks (`Name:	touchtracker`).
    func text(_ name: String) -> String? {
        fields[Substring(name)].map { String($0.drop { $0 == " " || $0 == "\t" }) }
    }

    /// `/proc/<pid>/task/<tid>/status` of the calling thread.
    static var currentThreadPath: String {
        // /proc/thread-self links to "<pid>/task/<tid>".
        var target = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &target, target.count - 1)
        precondition(length > 0, "no /proc/thread-self")
        return "/proc/" + String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/status"
    }
}
