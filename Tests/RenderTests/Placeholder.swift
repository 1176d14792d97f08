import Testing
@Test func placeholder_RenderTests() {}
