import AsyncHTTPClient
import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import NIOConcurrencyHelpers
import NIOCore
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif


extension HTTP1Response.Head {
    subscript(_ name: String) -> String? { values(name).first }
}

#if canImport(Glibc)
let streamSocket = Int32(SOCK_STREAM.rawValue)
let sendFlags = Int32(MSG_NOSIGNAL)
#else
let streamSocket = SOCK_STREAM
let sendFlags: Int32 = 0
#endif

/// A listening socket on 127.0.0.1 that plays a script: for each connection it accepts, in order, it reads one
/// request per step and answers it with the step's bytes (or closes without answering: `nil`), then closes the
/// connection or, with `holdsOpen`, waits for the client to close it.
final class RawServer: Sendable {
    let url: String
    private let seen = NIOLockedValueBox<(connections: Int, requests: Int)>((0, 0))

    /// Connections accepted so far.
    var connectionsAccepted: Int { seen.withLockedValue { $0.connections } }
    /// Requests read so far, over all connections.
    var requestsRead: Int { seen.withLockedValue { $0.requests } }

    /// Answers the first request it reads with `reply`, then closes.
    convenience init(reply: [UInt8]) throws {
        try self.init(script: [[reply]], holdsOpen: false)
    }

    init(script: [[[UInt8]?]], holdsOpen: Bool) throws {
        let listener = socket(AF_INET, streamSocket, 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) == 0 && getsockname(listener, $0, &size) == 0 }
        }
        guard bound, listen(listener, 4) == 0 else { throw POSIXError(.EIO) }
        url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/raw"
        let seen = self.seen
        Thread {
            defer { close(listener) }
            for steps in script {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                seen.withLockedValue { $0.connections += 1 }
                var closed = false
                for reply in steps {
                    var request: [UInt8] = []
                    var chunk = [UInt8](repeating: 0, count: 4096)
                    while !request.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
                        let count = recv(connection, &chunk, chunk.count, 0)
                        if count <= 0 { break }
                        request += chunk[0..<count]
                    }
                    guard !request.isEmpty else { break }
                    seen.withLockedValue { $0.requests += 1 }
                    guard let reply else {
                        closed = true
                        break
                    }
                    _ = reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, sendFlags) }
                }
                if holdsOpen, !closed {
                    var chunk = [UInt8](repeating: 0, count: 4096)
                    while recv(connection, &chunk, chunk.count, 0) > 0 {}
                }
                close(connection)
            }
        }.start()
    }

    /// A port on 127.0.0.1 that nothing listens on (bound, then closed).
    static func unusedPort() throws -> UInt16 {
        let probe = socket(AF_INET, streamSocket, 0)
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, size) == 0 && getsockname(probe, $0, &size) == 0 }
        }
        guard bound else { throw POSIXError(.EIO) }
        return UInt16(bigEndian: address.sin_port)
    }
}
