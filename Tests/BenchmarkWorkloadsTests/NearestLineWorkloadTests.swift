import BenchmarkWorkloads
import Canvas
import Testing
import TouchCore

@Suite struct NearestLineWorkloadTests {
    @Test func bothQueriesGiveTheSameAnswers() {
        let workload = NearestLineWorkload(lineCount: 5000, queryCount: 300)
        #expect(workload.drawing.count == 5000)
        var found = 0
        for index in 0..<300 {
            let answer = workload.indexedQuery(index)
            #expect(answer == workload.linearQuery(index))
            if answer != nil { found += 1 }
        }
        #expect(found > 100, "the workload exercises hits, not only misses")
    }

    @Test func freehandQueriesAgreeToo() {
        let workload = NearestLineWorkload(freehandStrokes: 500, pointsPerStroke: 200, queryCount: 300)
        #expect(workload.drawing.store.freehandPointCount == 100_000)
        var found = 0
        for index in 0..<300 {
            let answer = workload.indexedQuery(index)
            #expect(answer == workload.linearQuery(index))
            if answer != nil { found += 1 }
        }
        #expect(found > 50)
    }
}
