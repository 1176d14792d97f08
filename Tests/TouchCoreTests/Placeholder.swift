import Testing
@Test func placeholder_TouchCoreTests() {}
