#!/usr/bin/python3
"""Real touch, pointer and keyboard input for a headless KWin, through KWin's
own org_kde_kwin_fake_input Wayland protocol (version 4).

KWin offers that global only to programs whose desktop entry lists it in
X-KDE-Wayland-Interfaces, or to every client when it runs with
KWIN_WAYLAND_NO_PERMISSION_CHECKS=1, as the smoke test starts it. This is a
minimal Wayland client of its own (the wire format by hand: a registry, one
bind, requests, wl_display.sync), so it needs only the standard library,
plus jeepney for the screenshots.

It speaks the same command language as mutter-input.py, on stdin, one line
at a time, and answers each line with "ok" (or "error: ...") once KWin has
answered a wl_display.sync sent after it, i.e. has handled every request of
the line. Positions are output pixels. Commands:
  down SLOT X Y | motion SLOT X Y | up SLOT     one touch point (each its own frame)
  move X Y                                      absolute pointer motion
  button CODE 1|0                               evdev code, pressed or released
  key CODE 1|0                                  evdev key code
  glide STEPS SECONDS SLOT X0 Y0 X1 Y1 [SLOT X0 Y0 X1 Y1]...
                                                see mutter-input.py
  sleep SECONDS
  shot PATH                                     a screenshot of the whole output, as PNG,
                                                through KWin's org.kde.KWin.ScreenShot2
                                                D-Bus API (KWin must run with
                                                KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1)
  quit
"""
import os
import socket
import struct
import sys
import time

DISPLAY, REGISTRY = 1, 2
# org_kde_kwin_fake_input requests, in protocol order (fake-input.xml).
AUTHENTICATE, POINTER_MOTION, BUTTON, AXIS, TOUCH_DOWN, TOUCH_MOTION, TOUCH_UP, \
    TOUCH_CANCEL, TOUCH_FRAME, POINTER_MOTION_ABSOLUTE, KEYBOARD_KEY = range(11)


class Connection:
    def __init__(self):
        runtime = os.environ["XDG_RUNTIME_DIR"]
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(os.path.join(runtime, os.environ["WAYLAND_DISPLAY"]))
        self.buffer = b""
        # New object ids must be handed out in order, with no gaps.
        self.next_id = REGISTRY + 1

    def new_id(self):
        self.next_id += 1
        return self.next_id - 1

    def request(self, obj, opcode, payload=b""):
        self.sock.sendall(struct.pack("<IHH", obj, opcode, 8 + len(payload)) + payload)

    def events(self):
        """Yields (object, opcode, body) for each event, reading as needed."""
        while True:
            while len(self.buffer) >= 8:
                obj, opcode, size = struct.unpack("<IHH", self.buffer[:8])
                if len(self.buffer) < size:
                    break
                body, self.buffer = self.buffer[8:size], self.buffer[size:]
                if obj == DISPLAY and opcode == 0:  # wl_display.error
                    raise RuntimeError(f"protocol error: {body!r}")
                yield obj, opcode, body
            data = self.sock.recv(65536)
            if not data:
                raise RuntimeError("KWin closed the connection")
            self.buffer += data

    def sync(self):
        """wl_display.sync: returns once KWin has handled every earlier request."""
        callback = self.new_id()
        self.request(DISPLAY, 0, struct.pack("<I", callback))
        for obj, _, _ in self.events():
            if obj == callback:
                return  # wl_callback.done; KWin deletes the id itself


def string(text):
    data = text.encode() + b"\0"
    return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)


def fixed(value):
    return struct.pack("<i", round(float(value) * 256))


def screenshot(path):
    """org.kde.KWin.ScreenShot2.CaptureActiveScreen: KWin writes the raw
    pixels into a pipe and answers with their layout."""
    from jeepney import DBusAddress, new_method_call
    from jeepney.io.blocking import open_dbus_connection
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import png
    with open_dbus_connection(bus="SESSION", enable_fds=True) as bus:
        read_end, write_end = os.pipe()
        address = DBusAddress("/org/kde/KWin/ScreenShot2", bus_name="org.kde.KWin",
                              interface="org.kde.KWin.ScreenShot2")
        reply = bus.send_and_get_reply(new_method_call(address, "CaptureActiveScreen", "a{sv}h",
                                                       ({}, write_end)), timeout=10)
        os.close(write_end)
        chunks = []
        while chunk := os.read(read_end, 1 << 20):
            chunks.append(chunk)
        os.close(read_end)
    if reply.header.message_type.name == "error":
        raise RuntimeError(f"ScreenShot2: {reply.body}")
    layout = {key: value for key, (_, value) in reply.body[0].items()}
    # QImage formats 4-6 (RGB32, ARGB32, ARGB32_Premultiplied): 32-bit
    # 0xAARRGGBB words, so B G R A bytes on a little-endian machine.
    if layout.get("type") != "raw" or layout.get("format") not in (4, 5, 6):
        raise RuntimeError(f"ScreenShot2: unexpected image {layout}")
    data, width, stride = b"".join(chunks), layout["width"], layout["stride"]
    pixels = [bytes((data[y * stride + 4 * x + 2], data[y * stride + 4 * x + 1], data[y * stride + 4 * x]))
              for y in range(layout["height"]) for x in range(width)]
    png.save(path, width, pixels)


def main():
    conn = Connection()
    conn.request(DISPLAY, 1, struct.pack("<I", REGISTRY))  # wl_display.get_registry
    globals_ = {}
    callback = conn.new_id()
    conn.request(DISPLAY, 0, struct.pack("<I", callback))
    for obj, opcode, body in conn.events():
        if obj == REGISTRY and opcode == 0:  # wl_registry.global(name, interface, version)
            name, length = struct.unpack("<II", body[:8])
            interface = body[8:8 + length - 1].decode()
            version, = struct.unpack("<I", body[8 + (length + 3) // 4 * 4:][:4])
            globals_[interface] = (name, version)
        elif obj == callback:
            break
    if "org_kde_kwin_fake_input" not in globals_:
        print("error: KWin offers no org_kde_kwin_fake_input to this program", flush=True)
        sys.exit(1)
    name, version = globals_["org_kde_kwin_fake_input"]
    fake_input = conn.new_id()
    if version < 4:
        print(f"error: org_kde_kwin_fake_input is version {version}; absolute motion and keys need 4",
              flush=True)
        sys.exit(1)
    conn.request(REGISTRY, 0, struct.pack("<I", name) + string("org_kde_kwin_fake_input")
                 + struct.pack("<II", 4, fake_input))
    conn.request(fake_input, AUTHENTICATE, string("touchtracker smoke tests") + string("drives the app"))
    conn.sync()

    def touch(opcode, slot, *position):
        conn.request(fake_input, opcode, struct.pack("<I", int(slot)) + b"".join(map(fixed, position)))
        conn.request(fake_input, TOUCH_FRAME)

    def run(words):
        op, args = words[0], words[1:]
        if op == "down":
            touch(TOUCH_DOWN, args[0], args[1], args[2])
        elif op == "motion":
            touch(TOUCH_MOTION, args[0], args[1], args[2])
        elif op == "up":
            touch(TOUCH_UP, args[0])
        elif op == "move":
            conn.request(fake_input, POINTER_MOTION_ABSOLUTE, fixed(args[0]) + fixed(args[1]))
        elif op == "button":
            conn.request(fake_input, BUTTON, struct.pack("<II", int(args[0]), int(args[1] == "1")))
        elif op == "key":
            conn.request(fake_input, KEYBOARD_KEY, struct.pack("<II", int(args[0]), int(args[1] == "1")))
        elif op == "glide":
            steps, seconds = int(args[0]), float(args[1])
            paths = [(args[i], *map(float, args[i + 1:i + 5])) for i in range(2, len(args), 5)]
            for step in range(1, steps + 1):
                conn.sync()
                time.sleep(seconds / steps)
                for slot, x0, y0, x1, y1 in paths:
                    x, y = x0 + (x1 - x0) * step / steps, y0 + (y1 - y0) * step / steps
                    if slot == "pointer":
                        conn.request(fake_input, POINTER_MOTION_ABSOLUTE, fixed(x) + fixed(y))
                    else:
                        touch(TOUCH_MOTION, slot, x, y)
        elif op == "sleep":
            conn.sync()  # what came before is delivered before the pause
            time.sleep(float(args[0]))
        elif op == "shot":
            screenshot(args[0])
        elif op == "quit":
            sys.exit(0)
        else:
            raise ValueError(f"unknown command {op!r}")

    print("ready", flush=True)
    for line in sys.stdin:
        try:
            for command in line.split(";"):
                if command.split():
                    run(command.split())
            conn.sync()
            print("ok", flush=True)
        except SystemExit:
            print("ok", flush=True)
            raise
        except Exception as error:
            print(f"error: {error}", flush=True)


if __name__ == "__main__":
    main()
