import Testing
import Store

@Suite("Users")
struct UsersTests {
    @Test func insertedUserIsFoundByPhoneAndID() throws {
        try withSeededStore { _, store throws in
            let inserted = try store.insertUser(
                phone: "13912345678", passwordHash: "ab12", salt: "cd34", iterations: 1000, nickname: "New",
                createdAt: 1_767_300_000)
            #expect(inserted.id == 4)  // after the three seed users
            #expect(inserted.phone == "13912345678")
            #expect(inserted.passwordHash == "ab12" && inserted.passwordSalt == "cd34")
            #expect(inserted.passwordIterations == 1000)
            #expect(inserted.nickname == "New" && inserted.avatarURL == nil && !inserted.isDisabled)
            #expect(inserted.createdAt == 1_767_300_000)
            #expect(try store.user(phone: "13912345678") == inserted)
            #expect(try store.user(id: inserted.id) == inserted)
            #expect(try store.user(phone: "13900000009") == nil)
            #expect(try store.user(id: 999) == nil)
        }
    }

    @Test func duplicatePhoneIsADistinctError() throws {
        try withSeededStore { _, store throws in
            #expect(throws: StoreError.duplicatePhone) {
                try store.insertUser(
                    phone: "13800000000", passwordHash: "00", salt: "11", iterations: 1, nickname: "Again",
                    createdAt: 1)
            }
            #expect(try store.user(phone: "13800000000")?.nickname == "Demo User")
        }
    }

    @Test func updateProfileChangesOnlyTheGivenFields() throws {
        try withSeededStore { _, store throws in
            let renamed = try #require(try store.updateProfile(userID: 1, nickname: "Renamed", avatarURL: nil))
            #expect(renamed.nickname == "Renamed" && renamed.avatarURL == nil)

            let withAvatar = try #require(
                try store.updateProfile(userID: 1, nickname: nil, avatarURL: "https://example.com/a.png"))
            #expect(withAvatar.nickname == "Renamed" && withAvatar.avatarURL == "https://example.com/a.png")

            let unchanged = try #require(try store.updateProfile(userID: 1, nickname: nil, avatarURL: nil))
            #expect(unchanged == withAvatar)
            #expect(try store.user(id: 1) == withAvatar)
            #expect(try store.user(id: 2)?.nickname == "Second User")

            #expect(try store.updateProfile(userID: 999, nickname: "Nobody", avatarURL: nil) == nil)
        }
    }
}
