import Foundation

/// Writes test images as PNG files for people to look at: a test that
/// shows something calls `save`, which writes only when
/// `TOUCHTRACKER_SCREENSHOTS` names a folder (nothing otherwise, so test
/// runs leave no files). The encoder is the smallest valid one: 8-bit RGBA,
/// filter 0, zlib "stored" blocks.
public enum Screenshot {
    /// The folder from the environment, or nil.
    public static var folder: String? {
        ProcessInfo.processInfo.environment["TOUCHTRACKER_SCREENSHOTS"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Saves `argb` (0xAARRGGBB, row after row) as `folder/name.png`.
    public static func save(_ argb: [UInt32], width: Int, height: Int, name: String) {
        guard let folder else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: "\(folder)/\(name).png", contents: png(argb, width: width, height: height))
    }

    public static func png(_ argb: [UInt32], width: Int, height: Int) -> Data {
        var raw = [UInt8]()
        raw.reserveCapacity(height * (1 + 4 * width))
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                let pixel = argb[y * width + x]
                raw += [UInt8(pixel >> 16 & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel & 0xFF), UInt8(pixel >> 24)]
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, raw.count - offset)
            let final: UInt8 = offset + count == raw.count ? 1 : 0
            zlib += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
            zlib += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        zlib += bigEndian(b << 16 | a)
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
        return Data(file)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
