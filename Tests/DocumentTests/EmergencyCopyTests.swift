import Foundation
import Testing
@testable import Canvas
@testable import Document
import TouchCore

/// Where lines go that could not be saved to their drawing.
@Suite final class EmergencyCopyTests {
    let directory = NSTemporaryDirectory() + "touchtracker-emergency-\(UUID().uuidString)"
    let lines = [Line(begin: Point(x: 1, y: 2), end: Point(x: 3, y: 4))]

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    @Test func theCopyGoesToTheStateDirectoryPrivately() throws {
        let copy = try Document.writeEmergencyCopy(
            of: lines, for: "/nowhere/drawing.json",
            environment: ["XDG_STATE_HOME": directory + "/state", "XDG_RUNTIME_DIR": directory + "/run"],
            at: 1_795_000_000)
        #expect(copy == directory + "/state/touchtracker/drawing-20261118T110640Z-\(getpid()).json")
        #expect(try Document.load(from: copy) == lines)
        let attributes = try FileManager.default.attributesOfItem(atPath: copy)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func theRuntimeDirectoryTakesItWhenTheStateDirectoryCannot() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // A file where the state directory should be.
        try Data().write(to: URL(fileURLWithPath: directory + "/state"))
        let copy = try Document.writeEmergencyCopy(
            of: lines, for: "/nowhere/sketch.json",
            environment: ["XDG_STATE_HOME": directory + "/state", "XDG_RUNTIME_DIR": directory + "/run"])
        #expect(copy.hasPrefix(directory + "/run/touchtracker/sketch-"))
        #expect(try Document.load(from: copy) == lines)
    }

    @Test func theStateDirectoryDefaultsToLocalStateInHome() {
        #expect(Document.emergencyDirectories(environment: ["HOME": "/home/u"]) == ["/home/u/.local/state/touchtracker"])
        #expect(Document.emergencyDirectories(environment: ["HOME": "/home/u", "XDG_STATE_HOME": "relative",
                                                            "XDG_RUNTIME_DIR": "/run/user/1"])
                == ["/home/u/.local/state/touchtracker", "/run/user/1/touchtracker"])
    }
}
