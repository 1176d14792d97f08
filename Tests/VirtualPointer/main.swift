// touchtracker-virtual-pointer: clicks and drags on a wlroots compositor
// (sway) that has no input device, for the real-compositor smoke tests.
// A headless sway's seat has no pointer until a virtual one exists; this tool
// creates one, plays the script given as arguments, and removes it.
import InputEmulation
#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String, status: Int32) -> Never {
    var line = "touchtracker-virtual-pointer: \(message)\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

// Parse everything first: a typo must not leave half a gesture on screen.
let invocation: Invocation
do {
    invocation = try parseInvocation(Array(CommandLine.arguments.dropFirst()))
} catch let error as UsageError {
    fail("\(error.message)\n\(usage)", status: 2)
}

do {
    let connection = try WlrootsInputConnection(display: nil)
    guard connection.pointerManager != nil, connection.seat != nil else {
        fail("the compositor does not offer zwlr_virtual_pointer_manager_v1 and a wl_seat "
             + "(wlr-virtual-pointer-unstable-v1; wlroots compositors such as sway have it)", status: 1)
    }
    // motion_absolute positions are fractions of the output layout; with one
    // output that is the output's logical size.
    guard let extent = invocation.extent
        ?? connection.outputSize.map({ Extent(width: UInt32($0.width), height: UInt32($0.height)) }) else {
        fail("the compositor announced no output size; pass --extent W H", status: 1)
    }
    let pointer = try VirtualPointer(connection: connection, extent: extent, pace: invocation.pace)
    for command in invocation.commands {
        try pointer.run(command)
    }
    try pointer.destroy()
} catch let error as WlrootsInputError {
    fail(error.description, status: 1)
}
