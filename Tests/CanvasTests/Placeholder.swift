import Testing
@Test func placeholder_CanvasTests() {}
