#if canImport(Glibc)
import Glibc
#endif
import Sound
import Testing
import TestSupport

/// The sounds we ship: there, valid WAV files, short, not silent, and found
/// where the program looks for them.
@Suite struct SoundFileTests {
    @Test func theTestsFindTheSourceTreesSounds() throws {
        let directory = try #require(SoundDirectory.ofRunningProgram())
        #expect(directory.hasSuffix("/data/sounds"))
    }

    @Test(arguments: SoundName.allCases)
    func eachSoundIsAShortMonoPCMWaveThatIsNotSilent(_ name: SoundName) throws {
        let directory = try #require(SoundDirectory.ofRunningProgram())
        let wave = try WaveFile(contentsOf: directory + "/" + name.fileName)
        #expect(wave.format == 1)  // PCM
        #expect(wave.channels == 1)
        #expect(wave.bitsPerSample == 16)
        #expect(wave.sampleRate == 22050)
        #expect(wave.duration > 0.1)
        #expect(wave.duration <= 1.0)
        // Loud enough to hear, short of clipping.
        #expect(wave.peak > 16_000)
        #expect(wave.peak < 32_767)
    }

    @Test func anInstalledProgramFindsItsSoundsUnderPrefixShare() throws {
        let prefix = try TemporaryDirectory(prefix: "touchtracker-sounds")
        let sounds = prefix.path + "/share/touchtracker/sounds"
        for directory in [prefix.path + "/bin", prefix.path + "/share", prefix.path + "/share/touchtracker", sounds] {
            mkdir(directory, 0o755)
        }
        #expect(SoundDirectory.find(executablePath: prefix.path + "/bin/touchtracker") == nil)
        for name in SoundName.allCases {
            let file = fopen(sounds + "/" + name.fileName, "w")
            fclose(file)
        }
        #expect(SoundDirectory.find(executablePath: prefix.path + "/bin/touchtracker") == sounds)
    }
}

/// What the tests read of a WAV file: its format chunk and its samples.
struct WaveFile {
    var format: UInt16 = 0
    var channels: UInt16 = 0
    var sampleRate: UInt32 = 0
    var bitsPerSample: UInt16 = 0
    var samples: [Int16] = []

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    var duration: Double { Double(samples.count) / Double(max(sampleRate, 1)) / Double(max(channels, 1)) }
    var peak: Int { samples.map { abs(Int($0)) }.max() ?? 0 }

    init(contentsOf path: String) throws {
        guard let file = fopen(path, "rb") else { throw Invalid(description: "cannot open \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer.prefix(count)
        }
        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8)
        else { throw Invalid(description: "\(path) is not a RIFF WAVE file") }
        var offset = 12
        var sawData = false
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(u32(offset + 4))
            let body = offset + 8
            guard body + size <= bytes.count else { throw Invalid(description: "\(path): chunk \(id) is cut short") }
            switch id {
            case "fmt ":
                format = u16(body)
                channels = u16(body + 2)
                sampleRate = u32(body + 4)
                bitsPerSample = u16(body + 14)
            case "data":
                samples = stride(from: body, to: body + size - 1, by: 2).map { Int16(bitPattern: u16($0)) }
                sawData = true
            default:
                break
            }
            offset = body + size + size % 2
        }
        guard sawData else { throw Invalid(description: "\(path) has no data chunk") }
    }
}
