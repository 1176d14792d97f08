#ifndef CLIBEI_H
#define CLIBEI_H
/* The calls of libei (the client side of EIS, emulated input) that
   `touchtracker conformance` makes, reached through libei.so.1 loaded at run
   time: the build never needs libei (Debian 12 has none), and a system
   without it simply does not offer the EIS back end. The prototypes and
   constants are libei 1.x's (libei-1.0/libei.h); the structs are opaque. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ei;
struct ei_seat;
struct ei_device;
struct ei_event;
struct ei_touch;
struct ei_ping;
struct ei_region;

/* enum ei_device_capability */
enum {
    TT_EI_CAP_POINTER = 1 << 0,
    TT_EI_CAP_POINTER_ABSOLUTE = 1 << 1,
    TT_EI_CAP_KEYBOARD = 1 << 2,
    TT_EI_CAP_TOUCH = 1 << 3,
    TT_EI_CAP_SCROLL = 1 << 4,
    TT_EI_CAP_BUTTON = 1 << 5,
};

/* enum ei_event_type: the events a sender receives. */
enum {
    TT_EI_EVENT_CONNECT = 1,
    TT_EI_EVENT_DISCONNECT = 2,
    TT_EI_EVENT_SEAT_ADDED = 3,
    TT_EI_EVENT_SEAT_REMOVED = 4,
    TT_EI_EVENT_DEVICE_ADDED = 5,
    TT_EI_EVENT_DEVICE_REMOVED = 6,
    TT_EI_EVENT_DEVICE_PAUSED = 7,
    TT_EI_EVENT_DEVICE_RESUMED = 8,
    TT_EI_EVENT_KEYBOARD_MODIFIERS = 9,
    TT_EI_EVENT_PONG = 90,
    TT_EI_EVENT_SYNC = 91,
};

/* Loads libei.so.1 and resolves every call below (once; later calls return
   the first answer). 0, or -1 with why it cannot in `reason` (dlerror's words). */
int tt_ei_load(char *reason, size_t size);

struct ei *tt_ei_new_sender(void);
struct ei *tt_ei_unref(struct ei *ei);
void tt_ei_configure_name(struct ei *ei, const char *name);
/* Takes over `fd`. 0 or a negative errno. */
int tt_ei_setup_backend_fd(struct ei *ei, int fd);
int tt_ei_get_fd(struct ei *ei);
void tt_ei_dispatch(struct ei *ei);
struct ei_event *tt_ei_get_event(struct ei *ei);
uint64_t tt_ei_now(struct ei *ei);

int tt_ei_event_get_type(struct ei_event *event);
struct ei_event *tt_ei_event_unref(struct ei_event *event);
struct ei_seat *tt_ei_event_get_seat(struct ei_event *event);
struct ei_device *tt_ei_event_get_device(struct ei_event *event);
struct ei_ping *tt_ei_event_pong_get_ping(struct ei_event *event);

/* ei_seat_bind_capabilities with every capability of the mask `capabilities`
   (the variadic call, terminated by NULL, that Swift cannot make). */
void tt_ei_seat_bind_capabilities(struct ei_seat *seat, uint32_t capabilities);

struct ei_device *tt_ei_device_ref(struct ei_device *device);
struct ei_device *tt_ei_device_unref(struct ei_device *device);
bool tt_ei_device_has_capability(struct ei_device *device, uint32_t capability);
const char *tt_ei_device_get_name(struct ei_device *device);
struct ei_region *tt_ei_device_get_region(struct ei_device *device, size_t index);
uint32_t tt_ei_region_get_x(struct ei_region *region);
uint32_t tt_ei_region_get_y(struct ei_region *region);
uint32_t tt_ei_region_get_width(struct ei_region *region);
uint32_t tt_ei_region_get_height(struct ei_region *region);
void tt_ei_device_start_emulating(struct ei_device *device, uint32_t sequence);
void tt_ei_device_frame(struct ei_device *device, uint64_t time);

void tt_ei_device_pointer_motion_absolute(struct ei_device *device, double x, double y);
void tt_ei_device_button_button(struct ei_device *device, uint32_t button, bool is_press);
void tt_ei_device_scroll_discrete(struct ei_device *device, int32_t x, int32_t y);
void tt_ei_device_keyboard_key(struct ei_device *device, uint32_t keycode, bool is_press);

struct ei_touch *tt_ei_device_touch_new(struct ei_device *device);
void tt_ei_touch_down(struct ei_touch *touch, double x, double y);
void tt_ei_touch_motion(struct ei_touch *touch, double x, double y);
void tt_ei_touch_up(struct ei_touch *touch);
/* libei sends an up instead where the EIS implementation's ei_touchscreen
   is older than version 2. */
void tt_ei_touch_cancel(struct ei_touch *touch);
struct ei_touch *tt_ei_touch_unref(struct ei_touch *touch);

struct ei_ping *tt_ei_new_ping(struct ei *ei);
void tt_ei_ping(struct ei_ping *ping);
struct ei_ping *tt_ei_ping_unref(struct ei_ping *ping);
#endif
