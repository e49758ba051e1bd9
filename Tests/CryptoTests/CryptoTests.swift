import Testing
@testable import Crypto

@Suite struct DigestTests {
    @Test func md5OfKnownInputs() {
        // RFC 1321 appendix A.5.
        #expect(Hex.encode(DigestAlgorithm.md5.hash(Array("".utf8))) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(Hex.encode(DigestAlgorithm.md5.hash(Array("abc".utf8))) == "900150983cd24fb0d6963f7d28e17f72")
    }

    @Test func sha256OfKnownInput() {
        #expect(Hex.encode(DigestAlgorithm.sha256.hash(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aDigestMatchesItsHexInEitherCaseAndNothingElse() {
        let hasher = Hasher(algorithm: .md5)
        hasher.update("abc")
        let digest = hasher.finalizeDigest()
        #expect(digest.bytes == DigestAlgorithm.md5.hash(Array("abc".utf8)))
        #expect(digest.matches(hex: "900150983cd24fb0d6963f7d28e17f72"))
        #expect(digest.matches(hex: "900150983CD24FB0D6963F7D28E17F72"))
        #expect(!digest.matches(hex: "900150983cd24fb0d6963f7d28e17f73"), "last digit differs")
        #expect(!digest.matches(hex: "900150983cd24fb0d6963f7d28e17f"), "one byte short")
        #expect(!digest.matches(hex: "900150983cd24fb0d6963f7d28e17f7200"), "one byte long")
        // A byte that is no hex digit never matches, even where its low bits would spell the right one.
        #expect(!digest.matches(hex: "900150983cd24fb0d6963f7d28e17f7\u{12}"))
        #expect(!digest.matches(hex: "g00150983cd24fb0d6963f7d28e17f72"))
        #expect(Digest(Array(repeating: 7, count: 32)).matches(hex: String(repeating: "07", count: 32)), "SHA-256 size fits")
    }

    @Test func incrementalHashingEqualsOneShotAndResetsAfterFinalize() {
        let hasher = Hasher(algorithm: .md5)
        hasher.update("a")
        hasher.update(Array("b".utf8))
        hasher.update("c")
        #expect(Hex.encode(hasher.finalize()) == "900150983cd24fb0d6963f7d28e17f72")
        hasher.update("abc")
        #expect(Hex.encode(hasher.finalize()) == "900150983cd24fb0d6963f7d28e17f72")
    }
}

@Suite struct KeyedTests {
    @Test func hmacSHA256MatchesRFC4231Case2() {
        let mac = HMAC.sha256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(Hex.encode(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func pbkdf2MatchesRFC7914Vector() {
        let key = PBKDF2.sha256(password: "passwd", salt: Array("salt".utf8), iterations: 1, length: 64)
        #expect(Hex.encode(key) == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
    }

    @Test func randomBytesHaveTheAskedLengthAndDiffer() {
        let first = SecureRandom.bytes(32)
        let second = SecureRandom.bytes(32)
        #expect(first.count == 32)
        #expect(first != second)
    }
}

@Suite struct EncodingTests {
    @Test func hexRoundTripsInBothCases() {
        let bytes: [UInt8] = [0x00, 0x0f, 0xa0, 0xff]
        #expect(Hex.encode(bytes) == "000fa0ff")
        #expect(Hex.encode(bytes, uppercase: true) == "000FA0FF")
        #expect(Hex.decode("000FA0ff") == bytes)
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("zz") == nil)
        #expect(Hex.decode("") == [])
    }

    @Test func aByteDecodesOnlyWhenItIsAHexDigitOfEitherCase() {
        let lower = Array("0123456789abcdef".utf8)
        let upper = Array("0123456789ABCDEF".utf8)
        for byte in UInt8.min...UInt8.max {
            let value = lower.firstIndex(of: byte) ?? upper.firstIndex(of: byte)
            let decoded = Hex.decode(String(decoding: [byte, byte], as: UTF8.self))
            #expect(decoded == value.map { [UInt8($0 << 4 | $0)] }, "byte \(byte)")
        }
    }

    @Test func base64MatchesRFC4648Vectors() {
        let cases = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (input, expected) in cases {
            #expect(Base64.encode(Array(input.utf8)) == expected)
        }
    }

    @Test func constantTimeEquality() {
        #expect(ConstantTime.equals(Array("abc".utf8), Array("abc".utf8)))
        #expect(!ConstantTime.equals(Array("abc".utf8), Array("abd".utf8)))
        #expect(!ConstantTime.equals(Array("abc".utf8), Array("abcd".utf8)))
    }
}

@Suite struct PublicKeyPinTests {
    /// The pin is base64(SHA-256(bytes)), as `openssl dgst -sha256 -binary | base64` prints it.
    @Test func thePinIsTheBase64OfTheSHA256() {
        #expect(PublicKeyPin.sha256Base64(subjectPublicKeyInfo: Array("abc".utf8)) == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        #expect(PublicKeyPin.sha256Base64(subjectPublicKeyInfo: []) == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    }
}
