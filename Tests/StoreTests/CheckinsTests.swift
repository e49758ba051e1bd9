import Store
import System
import Testing

@Suite("Check-ins")
struct CheckinsTests {
    @Test func secondCheckinOnTheSameDayIsADistinctError() throws {
        try withSeededStore { _, store throws in
            let checkin = try store.insertCheckin(
                userID: 1, day: "2026-01-05", deviceID: "phone", createdAt: 1_767_600_000)
            #expect(checkin.userID == 1 && checkin.day == "2026-01-05" && checkin.deviceID == "phone")
            #expect(checkin.createdAt == 1_767_600_000)
            #expect(throws: StoreError.alreadyCheckedIn) {
                try store.insertCheckin(userID: 1, day: "2026-01-05", deviceID: nil, createdAt: 1_767_600_001)
            }
            // Another user, or another day, is fine.
            _ = try store.insertCheckin(userID: 2, day: "2026-01-05", deviceID: nil, createdAt: 1_767_600_002)
            _ = try store.insertCheckin(userID: 1, day: "2026-01-06", deviceID: nil, createdAt: 1_767_686_400)
        }
    }

    @Test func malformedDayIsRejected() throws {
        try withSeededStore { _, store throws in
            #expect {
                try store.insertCheckin(userID: 1, day: "2026-1-5", deviceID: nil, createdAt: 0)
            } throws: { error in
                (error as? StoreError)?.code == .constraintCheck
            }
        }
    }

    @Test func racingCheckinsFromTwoConnectionsGiveExactlyOneSuccessPerDay() throws {
        try withSeededStore { path, _ throws in
            let days: [String] = (10...28).map { day in "2026-02-\(day)" }
            let outcomes = LockedValue<[String: [String]]>([:])
            try runOnThreads(2) { thread in
                let record: @Sendable (String, String) -> Void = { day, outcome in
                    outcomes.withLock { $0[day, default: []].append(outcome) }
                }
                do {
                    let store = try Store(path: path)  // each thread its own connection
                    for day in days {
                        do {
                            _ = try store.insertCheckin(userID: 1, day: day, deviceID: "thread-\(thread)", createdAt: 1)
                            record(day, "inserted")
                        } catch StoreError.alreadyCheckedIn {
                            record(day, "already")
                        } catch {
                            record(day, "\(error)")
                        }
                    }
                } catch {
                    record("open", "\(error)")
                }
            }
            let results = outcomes.withLock { $0 }
            #expect(results.count == days.count)
            for day in days {
                #expect(results[day]?.sorted() == ["already", "inserted"], "day \(day)")
            }
            let store = try Store(path: path)
            #expect(try store.checkinPage(userID: 1, page: 1, size: 100).total == days.count)
        }
    }

    @Test func recentCheckinsAreNewestDayFirstWithTheTimeOfTheNewest() throws {
        try withSeededStore { _, store throws in
            let none = try store.recentCheckins(userID: 1, limit: 5)
            #expect(none.days.isEmpty && none.lastCheckinAt == nil)
            // Inserted out of order: the order comes from the day, not the insertion.
            for (day, time) in [("2026-01-03", 30), ("2026-01-01", 10), ("2026-01-04", 40), ("2025-12-31", 1)] {
                _ = try store.insertCheckin(userID: 1, day: day, deviceID: nil, createdAt: Int64(time))
            }
            _ = try store.insertCheckin(userID: 2, day: "2026-01-09", deviceID: nil, createdAt: 90)
            let three = try store.recentCheckins(userID: 1, limit: 3)
            #expect(three.days == ["2026-01-04", "2026-01-03", "2026-01-01"])
            // The newest day's time, not the last inserted's.
            #expect(three.lastCheckinAt == 40)
            #expect(
                try store.recentCheckins(userID: 1, limit: 10).days
                    == ["2026-01-04", "2026-01-03", "2026-01-01", "2025-12-31"])
            #expect(try store.recentCheckins(userID: 1, limit: 0).days.isEmpty)
        }
    }

    @Test func historyPagesAreNewestFirstWithTheTotal() throws {
        try withSeededStore { _, store throws in
            let days = (1...7).map { "2026-01-0\($0)" }
            for day in days {
                _ = try store.insertCheckin(userID: 1, day: day, deviceID: nil, createdAt: 0)
            }
            _ = try store.insertCheckin(userID: 2, day: "2026-01-01", deviceID: nil, createdAt: 0)

            let first = try store.checkinPage(userID: 1, page: 1, size: 3)
            let second = try store.checkinPage(userID: 1, page: 2, size: 3)
            let third = try store.checkinPage(userID: 1, page: 3, size: 3)
            let beyond = try store.checkinPage(userID: 1, page: 4, size: 3)
            #expect([first.total, second.total, third.total, beyond.total] == [7, 7, 7, 7])
            #expect(first.items.map(\.day) == ["2026-01-07", "2026-01-06", "2026-01-05"])
            #expect(second.items.map(\.day) == ["2026-01-04", "2026-01-03", "2026-01-02"])
            #expect(third.items.map(\.day) == ["2026-01-01"])
            #expect(beyond.items.isEmpty)
            #expect((first.items + second.items + third.items).allSatisfy { $0.userID == 1 })
            #expect(try store.checkinPage(userID: 3, page: 1, size: 20).total == 0)
        }
    }
}
