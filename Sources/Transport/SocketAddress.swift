import CLinux
import Glibc
import System

/// An IPv4 or IPv6 socket address.
public struct SocketAddress: Sendable, CustomStringConvertible {
    var storage: sockaddr_storage
    var length: socklen_t

    /// The address for `host` (a numeric IPv4 or IPv6 address, or `localhost`) and `port`.
    public init(host: String, port: Int) throws(SystemCallError) {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list, let address = first.pointee.ai_addr else {
            if let list { freeaddrinfo(list) }
            throw SystemCallError(call: "getaddrinfo(\(host))", errorNumber: status == EAI_SYSTEM ? errno : EINVAL)
        }
        defer { freeaddrinfo(list) }
        var storage = sockaddr_storage()
        let length = first.pointee.ai_addrlen
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(length)))
        }
        self.storage = storage
        self.length = length
    }

    init(storage: sockaddr_storage, length: socklen_t) {
        self.storage = storage
        self.length = length
    }

    /// The address family (`AF_INET` or `AF_INET6`).
    var family: Int32 { Int32(storage.ss_family) }

    /// The port number.
    public var port: Int {
        withUnsafeBytes(of: storage) { raw in
            switch family {
            case AF_INET: Int(UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port))
            case AF_INET6: Int(UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port))
            default: 0
            }
        }
    }

    /// The numeric host, such as `127.0.0.1` or `::1`.
    public var host: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        withUnsafeBytes(of: storage) { raw in
            switch family {
            case AF_INET:
                var address = raw.load(as: sockaddr_in.self).sin_addr
                _ = inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count))
            case AF_INET6:
                var address = raw.load(as: sockaddr_in6.self).sin6_addr
                _ = inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
            default:
                break
            }
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the address is in 127.0.0.0/8, `::1`, or an IPv4-mapped loopback address.
    public var isLoopback: Bool {
        withUnsafeBytes(of: storage) { raw in
            switch family {
            case AF_INET:
                return UInt32(bigEndian: raw.load(as: sockaddr_in.self).sin_addr.s_addr) >> 24 == 127
            case AF_INET6:
                let bytes = withUnsafeBytes(of: raw.load(as: sockaddr_in6.self).sin6_addr) { Array($0) }
                let isV6Loopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
                let isMappedV4 = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                return isV6Loopback || (isMappedV4 && bytes[12] == 127)
            default:
                return false
            }
        }
    }

    public var description: String { family == AF_INET6 ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
