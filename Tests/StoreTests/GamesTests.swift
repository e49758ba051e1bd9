import Testing
import Store

@Suite("Games")
struct GamesTests {
    @Test func pagesFollowTheIDOrderWithTheTotal() throws {
        try withSeededStore { _, store throws in
            let everything = try store.gamePage(page: 1, size: 100)
            let ids = everything.items.map(\.id)
            #expect(ids == Array(1...Int64(everything.total)))

            let size = 7
            var paged: [GameRecord] = []
            for page in 1... {
                let result = try store.gamePage(page: page, size: size)
                #expect(result.total == everything.total)
                #expect(result.items.count <= size)
                guard !result.items.isEmpty else { break }
                paged += result.items
            }
            #expect(paged == everything.items)
        }
    }

    @Test func firstGameMatchesTheSeed() throws {
        try withSeededStore { _, store throws in
            let first = try #require(try store.gamePage(page: 1, size: 1).items.first)
            #expect(first.id == 1 && first.name == "Starfall Tactics" && first.genre == "Strategy")
            #expect(first.coverURL == "https://example.com/covers/1.png")
            #expect(first.rating == 4.6 && first.releasedAt == 1_616_025_600)
        }
    }

    @Test func outOfRangePagesAreEmptyButCounted() throws {
        try withSeededStore { _, store throws in
            let total = try store.gamePage(page: 1, size: 1).total
            for (page, size) in [(0, 10), (1, 0), (-1, 10), (1, -5), (Int.max, Int.max), (1000, 100)] {
                let result = try store.gamePage(page: page, size: size)
                #expect(result.items.isEmpty, "page \(page) size \(size)")
                #expect(result.total == total)
            }
        }
    }
}
