#!/usr/bin/python3
"""kwin-screenshot.py PATH: a screenshot of a headless KWin's whole output,
as PNG, through KWin's org.kde.KWin.ScreenShot2 D-Bus API (KWin must run
with KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1). Run on KWin's session bus.

CaptureActiveScreen: KWin writes the raw pixels into a pipe and answers
with their layout.
"""
import os
import sys

from jeepney import DBusAddress, new_method_call
from jeepney.io.blocking import open_dbus_connection

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png  # noqa: E402


def screenshot(path):
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


if __name__ == "__main__":
    screenshot(sys.argv[1])
