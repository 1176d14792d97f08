import Testing
@Test func placeholder_WaylandClientTests() {}
