import CWaylandServer

/// A server-side protocol object: one `wl_resource` whose requests arrive
/// in `request(_:_:)` through a libwayland dispatcher (no per-interface
/// implementation structs). The resource keeps the object alive until it is
/// destroyed (by a destructor request or the client's disconnection).
open class ServerObject {
    public let resource: UnsafeMutablePointer<wl_resource>
    public unowned let compositor: TestCompositor
    /// False once the resource is destroyed; never send events then.
    public private(set) var isAlive = true

    public init(compositor: TestCompositor, client: OpaquePointer, interface: UnsafePointer<wl_interface>,
                version: Int32, id: UInt32) {
        self.compositor = compositor
        resource = wl_resource_create(client, interface, version, id)
        wl_resource_set_dispatcher(resource, { _, target, opcode, _, arguments in
            let resource = target!.assumingMemoryBound(to: wl_resource.self)
            ServerObject.object(for: resource).request(opcode, arguments!)
            return 0
        }, nil, Unmanaged.passRetained(self).toOpaque()) { resource in
            let object = Unmanaged<ServerObject>.fromOpaque(wl_resource_get_user_data(resource)!).takeRetainedValue()
            object.isAlive = false
            object.destroyed()
        }
    }

    /// The object behind a resource created by this compositor.
    public static func object(for resource: UnsafeMutablePointer<wl_resource>) -> ServerObject {
        Unmanaged<ServerObject>.fromOpaque(wl_resource_get_user_data(resource)!).takeUnretainedValue()
    }

    /// The resource passed as object argument `index`, if not null.
    public static func resource(_ arguments: UnsafeMutablePointer<wl_argument>, _ index: Int) -> UnsafeMutablePointer<wl_resource>? {
        UnsafeMutableRawPointer(arguments[index].o)?.assumingMemoryBound(to: wl_resource.self)
    }

    public var version: Int32 { wl_resource_get_version(resource) }
    public var client: OpaquePointer { wl_resource_get_client(resource) }

    /// Handles request `opcode` (its index in the protocol XML).
    open func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {}

    /// Called once the resource is gone.
    open func destroyed() {}

    /// Destroys the resource (for destructor requests).
    public func destroy() {
        wl_resource_destroy(resource)
    }
}
