#!/usr/bin/python3
"""Real touch, pointer and keyboard input for a headless mutter, through
mutter's own org.gnome.Mutter.RemoteDesktop D-Bus API.

Run inside the dbus-run-session that runs mutter. It opens a RemoteDesktop
session tied to a ScreenCast stream of the monitor (mutter maps touch and
absolute pointer positions through that stream), starts it, and then reads
commands from stdin, one per line, and answers each line with "ok" (or
"error: ...") on stdout once mutter has taken it. The shell script talks to
it as a coprocess, so it can wait on what the app did between gestures; the
session, and with it mutter's virtual devices, lives as long as this process.

Commands (positions are monitor pixels, times seconds):
  down SLOT X Y | motion SLOT X Y | up SLOT     one touch point
  move X Y                                      absolute pointer motion
  button CODE 1|0                               evdev code, pressed or released
  key CODE 1|0                                  evdev key code
  glide STEPS SECONDS SLOT X0 Y0 X1 Y1 [SLOT X0 Y0 X1 Y1]...
                                                moves every SLOT from X0 Y0 to X1 Y1 in
                                                STEPS even steps over SECONDS, the
                                                fingers interleaved step by step; SLOT
                                                "pointer" moves the pointer instead
  sleep SECONDS
  node                                          prints the stream's PipeWire node id
  quit
Several commands may share one line, separated by ';'. They run in order
and the line is answered once.
"""
import sys
import time

from jeepney import DBusAddress, MatchRule, new_method_call, message_bus, Properties
from jeepney.io.blocking import open_dbus_connection

MUTTER = "org.gnome.Mutter.RemoteDesktop"
SCREENCAST = "org.gnome.Mutter.ScreenCast"


def main():
    conn = open_dbus_connection(bus="SESSION")

    def call(path, interface, method, signature=None, body=(), bus_name=None):
        msg = new_method_call(DBusAddress(path, bus_name=bus_name, interface=interface),
                              method, signature, body)
        reply = conn.send_and_get_reply(msg, timeout=10)
        if reply.header.message_type.name == "error":
            raise RuntimeError(f"{interface}.{method}: {reply.body}")
        return reply.body

    rd_session, = call("/org/gnome/Mutter/RemoteDesktop", MUTTER, "CreateSession",
                       bus_name=MUTTER)
    session_address = DBusAddress(rd_session, bus_name=MUTTER,
                                  interface=MUTTER + ".Session")
    reply = conn.send_and_get_reply(Properties(session_address).get("SessionId"), timeout=10)
    session_id = reply.body[0][1]
    sc_session, = call("/org/gnome/Mutter/ScreenCast", SCREENCAST, "CreateSession", "a{sv}",
                       ({"remote-desktop-session-id": ("s", session_id)},), bus_name=SCREENCAST)
    stream, = call(sc_session, SCREENCAST + ".Session", "RecordMonitor", "sa{sv}", ("", {}),
                   bus_name=SCREENCAST)
    # The stream's PipeWire node id arrives as a signal once the stream has
    # started. Subscribe before starting, and keep matching messages in a
    # filter queue: one that arrives while Start's reply is awaited would
    # otherwise be dropped.
    rule = MatchRule(type="signal", interface=SCREENCAST + ".Stream",
                     member="PipeWireStreamAdded", path=stream)
    conn.send_and_get_reply(message_bus.AddMatch(rule), timeout=10)
    with conn.filter(rule) as signals:
        call(rd_session, MUTTER + ".Session", "Start", bus_name=MUTTER)
        node = conn.recv_until_filtered(signals, timeout=10).body[0]

    def notify(method, signature, *body):
        call(rd_session, MUTTER + ".Session", method, signature, body, bus_name=MUTTER)

    def run(words):
        op, args = words[0], words[1:]
        if op == "down":
            notify("NotifyTouchDown", "sudd", stream, int(args[0]), float(args[1]), float(args[2]))
        elif op == "motion":
            notify("NotifyTouchMotion", "sudd", stream, int(args[0]), float(args[1]), float(args[2]))
        elif op == "up":
            notify("NotifyTouchUp", "u", int(args[0]))
        elif op == "move":
            notify("NotifyPointerMotionAbsolute", "sdd", stream, float(args[0]), float(args[1]))
        elif op == "button":
            notify("NotifyPointerButton", "ib", int(args[0]), args[1] == "1")
        elif op == "key":
            notify("NotifyKeyboardKeycode", "ub", int(args[0]), args[1] == "1")
        elif op == "glide":
            steps, seconds = int(args[0]), float(args[1])
            paths = [(args[i], *map(float, args[i + 1:i + 5])) for i in range(2, len(args), 5)]
            for step in range(1, steps + 1):
                time.sleep(seconds / steps)
                for slot, x0, y0, x1, y1 in paths:
                    x, y = x0 + (x1 - x0) * step / steps, y0 + (y1 - y0) * step / steps
                    if slot == "pointer":
                        notify("NotifyPointerMotionAbsolute", "sdd", stream, x, y)
                    else:
                        notify("NotifyTouchMotion", "sudd", stream, int(slot), x, y)
        elif op == "sleep":
            time.sleep(float(args[0]))
        elif op == "node":
            print(node, flush=True)
        elif op == "quit":
            call(rd_session, MUTTER + ".Session", "Stop", bus_name=MUTTER)
            sys.exit(0)
        else:
            raise ValueError(f"unknown command {op!r}")

    print("ready", flush=True)
    for line in sys.stdin:
        try:
            for command in line.split(";"):
                if command.split():
                    run(command.split())
            print("ok", flush=True)
        except SystemExit:
            print("ok", flush=True)
            raise
        except Exception as error:  # the script reports and goes on
            print(f"error: {error}", flush=True)


if __name__ == "__main__":
    main()
