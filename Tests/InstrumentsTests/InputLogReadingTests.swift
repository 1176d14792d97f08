@testable import Instruments
import JSONLine
import Testing
import WaylandInput

/// The `--log-input` lines read back (what `replay` and `check` do with a
/// recording's batches): every kind of batch gives back the same line.
@Suite struct InputLogReadingTests {
    @Test(arguments: [
        #"{"seat":"seat0","device":"seat","event":"capabilities","pointer":true,"keyboard":true,"touch":true}"#,
        #"{"seat":"seat0","device":"keyboard","event":"enter"}"#,
        #"{"seat":"seat0","device":"touch","frame":[{"event":"down","id":0,"x":12.5,"y":40,"time":1234}]}"#,
        #"{"seat":"seat0","device":"touch","frame":[{"event":"motion","id":0,"x":14,"y":42.75,"time":1250,"major":12,"minor":8,"orientation":30}]}"#,
        #"{"seat":"seat0","device":"touch","frame":[{"event":"cancel","id":0,"x":14,"y":42.75,"time":1250}],"cancelled":true}"#,
        #"{"seat":"seat0","device":"pointer","frame":[{"event":"enter","x":100,"y":80}],"time":0}"#,
        #"{"seat":"seat0","device":"pointer","frame":[{"event":"button","button":272,"state":"released","byLeave":true},{"event":"leave"}],"time":1400}"#,
        #"{"seat":"seat0","device":"pointer","frame":[{"event":"axis","axis":"vertical","value":-15,"discrete":-1,"value120":-120,"source":"wheel"}],"time":3100,"modifiers":["ctrl"]}"#,
        #"{"seat":"seat0","device":"pointer","frame":[{"event":"axis","axis":"horizontal","value":0,"source":"finger","stop":true}],"time":3200}"#,
        #"{"seat":"seat0","device":"gesture","gesture":"pinch","event":"update","dx":0,"dy":0,"scale":1.5,"rotation":20,"time":3010}"#,
        #"{"seat":"seat0","device":"gesture","gesture":"swipe","event":"end","cancelled":true,"time":3020}"#,
        #"{"seat":"seat0","device":"keyboard","event":"press","code":1,"keysym":65307,"name":"Escape","text":"","modifiers":["ctrl"],"time":1600}"#,
        #"{"seat":"seat0","device":"tablet","tool":{"id":0,"type":"pen","serial":"2148059137","hardwareId":"2050","capabilities":["tilt","pressure"]},"events":[{"event":"down"}],"x":50,"y":50,"pressure":0.6,"tiltX":20,"tiltY":-10,"changed":["pressure","tilt"],"time":2008}"#,
        #"{"seat":"seat0","device":"tablet","tool":{"id":1,"type":"eraser","capabilities":[]},"events":[{"event":"proximity_in","tablet":"Wacom Intuos"},{"event":"button","button":331,"state":"pressed"},{"event":"wheel","degrees":15,"clicks":1}],"x":5,"y":6,"changed":["position"],"time":2030}"#,
    ])
    func aLineReadBackGivesTheSameLine(line: String) throws {
        let object = try #require(try JSONValue.parse(line).objectValue)
        #expect(InputLog.line(for: try InputLog.event(from: object)) == line)
    }

    @Test func whatIsNoBatchIsNamed() throws {
        let object = try #require(try JSONValue.parse(#"{"seat":"s","device":"touch","frame":[{"event":"hover"}]}"#).objectValue)
        let error = #expect(throws: InputLog.UnreadableBatch.self) { try InputLog.event(from: object) }
        #expect(error?.description == "a touch change: unknown touch event 'hover'")
    }
}
