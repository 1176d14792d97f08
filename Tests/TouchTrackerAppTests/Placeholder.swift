import Testing
@Test func placeholder_TouchTrackerAppTests() {}
