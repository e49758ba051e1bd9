import HTTP
import Testing

@Suite("HTTPDate")
struct HTTPDateTests {
    // Expected strings from Python's email.utils.formatdate(seconds, usegmt=True).
    @Test(arguments: [
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (1_709_209_845, "Thu, 29 Feb 2024 12:30:45 GMT"),
        (951_868_799, "Tue, 29 Feb 2000 23:59:59 GMT"),
        (4_107_542_400, "Mon, 01 Mar 2100 00:00:00 GMT"),
        (2_147_483_648, "Tue, 19 Jan 2038 03:14:08 GMT"),
        (253_402_300_799, "Fri, 31 Dec 9999 23:59:59 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
    ])
    func knownDates(seconds: Int, expected: String) {
        #expect(HTTPDate.format(unixSeconds: seconds) == expected)
    }

    @Test func extremeValuesDoNotTrap() {
        #expect(HTTPDate.format(unixSeconds: .max).hasSuffix(" GMT"))
        #expect(HTTPDate.format(unixSeconds: .min).hasSuffix(" GMT"))
    }
}
