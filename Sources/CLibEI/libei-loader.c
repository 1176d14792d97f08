#include <dlfcn.h>
#include <stdio.h>
#include "CLibEI.h"

/* libei's own entry points, resolved by tt_ei_load. The variadic
   ei_seat_bind_capabilities is called through a variadic pointer, as its
   prototype declares it. */
static struct {
    struct ei *(*new_sender)(void *);
    struct ei *(*unref)(struct ei *);
    void (*configure_name)(struct ei *, const char *);
    int (*setup_backend_fd)(struct ei *, int);
    int (*get_fd)(struct ei *);
    void (*dispatch)(struct ei *);
    struct ei_event *(*get_event)(struct ei *);
    uint64_t (*now)(struct ei *);
    int (*event_get_type)(struct ei_event *);
    struct ei_event *(*event_unref)(struct ei_event *);
    struct ei_seat *(*event_get_seat)(struct ei_event *);
    struct ei_device *(*event_get_device)(struct ei_event *);
    struct ei_ping *(*event_pong_get_ping)(struct ei_event *);
    void (*seat_bind_capabilities)(struct ei_seat *, ...);
    struct ei_device *(*device_ref)(struct ei_device *);
    struct ei_device *(*device_unref)(struct ei_device *);
    bool (*device_has_capability)(struct ei_device *, int);
    const char *(*device_get_name)(struct ei_device *);
    struct ei_region *(*device_get_region)(struct ei_device *, size_t);
    uint32_t (*region_get_x)(struct ei_region *);
    uint32_t (*region_get_y)(struct ei_region *);
    uint32_t (*region_get_width)(struct ei_region *);
    uint32_t (*region_get_height)(struct ei_region *);
    void (*device_start_emulating)(struct ei_device *, uint32_t);
    void (*device_frame)(struct ei_device *, uint64_t);
    void (*device_pointer_motion_absolute)(struct ei_device *, double, double);
    void (*device_button_button)(struct ei_device *, uint32_t, bool);
    void (*device_scroll_discrete)(struct ei_device *, int32_t, int32_t);
    void (*device_keyboard_key)(struct ei_device *, uint32_t, bool);
    struct ei_touch *(*device_touch_new)(struct ei_device *);
    void (*touch_down)(struct ei_touch *, double, double);
    void (*touch_motion)(struct ei_touch *, double, double);
    void (*touch_up)(struct ei_touch *);
    void (*touch_cancel)(struct ei_touch *);
    struct ei_touch *(*touch_unref)(struct ei_touch *);
    struct ei_ping *(*new_ping)(struct ei *);
    void (*ping)(struct ei_ping *);
    struct ei_ping *(*ping_unref)(struct ei_ping *);
} libei;

static int load_status; /* 0: not tried, 1: loaded, -1: failed */
static char load_failure[256];

static int resolve(void *library, const char *name, void **slot) {
    *slot = dlsym(library, name);
    if (*slot) return 0;
    snprintf(load_failure, sizeof load_failure, "libei.so.1 has no %s (libei older than 1.3)", name);
    return -1;
}

int tt_ei_load(char *reason, size_t size) {
    if (load_status == 0) {
        void *library = dlopen("libei.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            const char *error = dlerror();
            snprintf(load_failure, sizeof load_failure, "%s", error ? error : "libei.so.1 cannot be loaded");
            load_status = -1;
        } else {
#define RESOLVE(field, symbol) resolve(library, symbol, (void **)&libei.field)
            load_status = (RESOLVE(new_sender, "ei_new_sender") || RESOLVE(unref, "ei_unref")
                || RESOLVE(configure_name, "ei_configure_name") || RESOLVE(setup_backend_fd, "ei_setup_backend_fd")
                || RESOLVE(get_fd, "ei_get_fd") || RESOLVE(dispatch, "ei_dispatch") || RESOLVE(get_event, "ei_get_event")
                || RESOLVE(now, "ei_now") || RESOLVE(event_get_type, "ei_event_get_type")
                || RESOLVE(event_unref, "ei_event_unref") || RESOLVE(event_get_seat, "ei_event_get_seat")
                || RESOLVE(event_get_device, "ei_event_get_device")
                || RESOLVE(event_pong_get_ping, "ei_event_pong_get_ping")
                || RESOLVE(seat_bind_capabilities, "ei_seat_bind_capabilities")
                || RESOLVE(device_ref, "ei_device_ref") || RESOLVE(device_unref, "ei_device_unref")
                || RESOLVE(device_has_capability, "ei_device_has_capability")
                || RESOLVE(device_get_name, "ei_device_get_name") || RESOLVE(device_get_region, "ei_device_get_region")
                || RESOLVE(region_get_x, "ei_region_get_x") || RESOLVE(region_get_y, "ei_region_get_y")
                || RESOLVE(region_get_width, "ei_region_get_width") || RESOLVE(region_get_height, "ei_region_get_height")
                || RESOLVE(device_start_emulating, "ei_device_start_emulating")
                || RESOLVE(device_frame, "ei_device_frame")
                || RESOLVE(device_pointer_motion_absolute, "ei_device_pointer_motion_absolute")
                || RESOLVE(device_button_button, "ei_device_button_button")
                || RESOLVE(device_scroll_discrete, "ei_device_scroll_discrete")
                || RESOLVE(device_keyboard_key, "ei_device_keyboard_key")
                || RESOLVE(device_touch_new, "ei_device_touch_new") || RESOLVE(touch_down, "ei_touch_down")
                || RESOLVE(touch_motion, "ei_touch_motion") || RESOLVE(touch_up, "ei_touch_up")
                || RESOLVE(touch_cancel, "ei_touch_cancel") || RESOLVE(touch_unref, "ei_touch_unref")
                || RESOLVE(new_ping, "ei_new_ping") || RESOLVE(ping, "ei_ping") || RESOLVE(ping_unref, "ei_ping_unref"))
                ? -1 : 1;
#undef RESOLVE
            /* The library stays loaded for the process's life: libei's
               objects may outlive any one back end. */
        }
    }
    if (load_status < 0) {
        if (reason && size) snprintf(reason, size, "%s", load_failure);
        return -1;
    }
    return 0;
}

struct ei *tt_ei_new_sender(void) { return libei.new_sender(NULL); }
struct ei *tt_ei_unref(struct ei *ei) { return libei.unref(ei); }
void tt_ei_configure_name(struct ei *ei, const char *name) { libei.configure_name(ei, name); }
int tt_ei_setup_backend_fd(struct ei *ei, int fd) { return libei.setup_backend_fd(ei, fd); }
int tt_ei_get_fd(struct ei *ei) { return libei.get_fd(ei); }
void tt_ei_dispatch(struct ei *ei) { libei.dispatch(ei); }
struct ei_event *tt_ei_get_event(struct ei *ei) { return libei.get_event(ei); }
uint64_t tt_ei_now(struct ei *ei) { return libei.now(ei); }

int tt_ei_event_get_type(struct ei_event *event) { return libei.event_get_type(event); }
struct ei_event *tt_ei_event_unref(struct ei_event *event) { return libei.event_unref(event); }
struct ei_seat *tt_ei_event_get_seat(struct ei_event *event) { return libei.event_get_seat(event); }
struct ei_device *tt_ei_event_get_device(struct ei_event *event) { return libei.event_get_device(event); }
struct ei_ping *tt_ei_event_pong_get_ping(struct ei_event *event) { return libei.event_pong_get_ping(event); }

void tt_ei_seat_bind_capabilities(struct ei_seat *seat, uint32_t capabilities) {
    /* Each capability the mask holds, as the enum values the call takes. */
    int c[6], n = 0;
    for (int bit = 0; bit < 6; bit++)
        if (capabilities & (1u << bit)) c[n++] = 1 << bit;
    switch (n) {
    case 0: return;
    case 1: libei.seat_bind_capabilities(seat, c[0], NULL); break;
    case 2: libei.seat_bind_capabilities(seat, c[0], c[1], NULL); break;
    case 3: libei.seat_bind_capabilities(seat, c[0], c[1], c[2], NULL); break;
    case 4: libei.seat_bind_capabilities(seat, c[0], c[1], c[2], c[3], NULL); break;
    case 5: libei.seat_bind_capabilities(seat, c[0], c[1], c[2], c[3], c[4], NULL); break;
    default: libei.seat_bind_capabilities(seat, c[0], c[1], c[2], c[3], c[4], c[5], NULL); break;
    }
}

struct ei_device *tt_ei_device_ref(struct ei_device *device) { return libei.device_ref(device); }
struct ei_device *tt_ei_device_unref(struct ei_device *device) { return libei.device_unref(device); }
bool tt_ei_device_has_capability(struct ei_device *device, uint32_t capability) {
    return libei.device_has_capability(device, (int)capability);
}
const char *tt_ei_device_get_name(struct ei_device *device) { return libei.device_get_name(device); }
struct ei_region *tt_ei_device_get_region(struct ei_device *device, size_t index) {
    return libei.device_get_region(device, index);
}
uint32_t tt_ei_region_get_x(struct ei_region *region) { return libei.region_get_x(region); }
uint32_t tt_ei_region_get_y(struct ei_region *region) { return libei.region_get_y(region); }
uint32_t tt_ei_region_get_width(struct ei_region *region) { return libei.region_get_width(region); }
uint32_t tt_ei_region_get_height(struct ei_region *region) { return libei.region_get_height(region); }
void tt_ei_device_start_emulating(struct ei_device *device, uint32_t sequence) {
    libei.device_start_emulating(device, sequence);
}
void tt_ei_device_frame(struct ei_device *device, uint64_t time) { libei.device_frame(device, time); }

void tt_ei_device_pointer_motion_absolute(struct ei_device *device, double x, double y) {
    libei.device_pointer_motion_absolute(device, x, y);
}
void tt_ei_device_button_button(struct ei_device *device, uint32_t button, bool is_press) {
    libei.device_button_button(device, button, is_press);
}
void tt_ei_device_scroll_discrete(struct ei_device *device, int32_t x, int32_t y) {
    libei.device_scroll_discrete(device, x, y);
}
void tt_ei_device_keyboard_key(struct ei_device *device, uint32_t keycode, bool is_press) {
    libei.device_keyboard_key(device, keycode, is_press);
}

struct ei_touch *tt_ei_device_touch_new(struct ei_device *device) { return libei.device_touch_new(device); }
void tt_ei_touch_down(struct ei_touch *touch, double x, double y) { libei.touch_down(touch, x, y); }
void tt_ei_touch_motion(struct ei_touch *touch, double x, double y) { libei.touch_motion(touch, x, y); }
void tt_ei_touch_up(struct ei_touch *touch) { libei.touch_up(touch); }
void tt_ei_touch_cancel(struct ei_touch *touch) { libei.touch_cancel(touch); }
struct ei_touch *tt_ei_touch_unref(struct ei_touch *touch) { return libei.touch_unref(touch); }

struct ei_ping *tt_ei_new_ping(struct ei *ei) { return libei.new_ping(ei); }
void tt_ei_ping(struct ei_ping *ping) { libei.ping(ping); }
struct ei_ping *tt_ei_ping_unref(struct ei_ping *ping) { return libei.ping_unref(ping); }
