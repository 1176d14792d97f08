import Testing
@testable import WaylandClient

/// Configure clamping and scale arithmetic without a compositor.
@Suite struct WindowSizingTests {
    @Test func zeroMeansTheClientChooses() {
        #expect(WindowSizing.size(configuredWidth: 0, height: 0, current: nil, scale: 1) == WindowSizing.defaultSize)
        let current = SurfaceSize(width: 500, height: 400)
        #expect(WindowSizing.size(configuredWidth: 0, height: 0, current: current, scale: 1) == current)
        #expect(WindowSizing.size(configuredWidth: 700, height: 0, current: current, scale: 1)
                == SurfaceSize(width: 700, height: 400))
    }

    @Test func negativeSizesAreTreatedAsUnset() {
        #expect(WindowSizing.size(configuredWidth: -1, height: -100, current: nil, scale: 1) == WindowSizing.defaultSize)
    }

    @Test func hugeSizesStayWithinBufferLimits() {
        for scale in [1.0, 1.5, 2, 3] {
            let size = WindowSizing.size(configuredWidth: 100_000, height: 100_000, current: nil, scale: scale)
            let buffer = SurfaceScale.fractional(scale).bufferSize(for: size)
            #expect(buffer.width <= WindowSizing.maximumBufferSide && buffer.height <= WindowSizing.maximumBufferSide)
            #expect(buffer.width * buffer.height * 4 <= WindowSizing.maximumBufferBytes)
            #expect(size.width == size.height, "the aspect ratio is kept")
        }
        let wide = WindowSizing.size(configuredWidth: 100_000, height: 100, current: nil, scale: 1)
        #expect(wide == SurfaceSize(width: 16384, height: 100))
    }

    @Test func ordinarySizesPassThrough() {
        #expect(WindowSizing.size(configuredWidth: 3840, height: 2160, current: nil, scale: 2)
                == SurfaceSize(width: 3840, height: 2160))
        #expect(WindowSizing.size(configuredWidth: 1, height: 1, current: nil, scale: 1) == SurfaceSize(width: 1, height: 1))
    }

    @Test func integerScaleIsTheLargestEnteredOutput() {
        #expect(SurfaceScale.integerScale(entered: [1, 2], allOutputs: [1, 2, 3]) == 2)
        #expect(SurfaceScale.integerScale(entered: [3, 1], allOutputs: [1, 3]) == 3)
        #expect(SurfaceScale.integerScale(entered: [0], allOutputs: [0]) == 1)
    }

    @Test func beforeEnteringAnyOutputTheSharedScaleIsUsed() {
        #expect(SurfaceScale.integerScale(entered: [], allOutputs: []) == 1)
        #expect(SurfaceScale.integerScale(entered: [], allOutputs: [2]) == 2)
        #expect(SurfaceScale.integerScale(entered: [], allOutputs: [2, 2]) == 2)
        #expect(SurfaceScale.integerScale(entered: [], allOutputs: [1, 2]) == 1)
    }

    @Test func fractionalBufferSizeRoundsHalfAwayFromZero() {
        let size = SurfaceSize(width: 801, height: 3)
        #expect(SurfaceScale.fractional(1.5).bufferSize(for: size) == (1202, 5))  // 1201.5, 4.5
        #expect(SurfaceScale.fractional(1.25).bufferSize(for: SurfaceSize(width: 10, height: 2)) == (13, 3))  // 12.5, 2.5
        #expect(SurfaceScale.integer(2).bufferSize(for: size) == (1602, 6))
        #expect(SurfaceScale.fractional(1.5).bufferScale == 1)
        #expect(SurfaceScale.integer(3).bufferScale == 3)
    }
}
