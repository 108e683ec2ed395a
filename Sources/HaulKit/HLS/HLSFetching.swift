import Foundation
import HaulCore

/// What an HLS download asks of the client it fetches through: its playlists, keys and segments (redirects, cookies,
/// proxy, retries and host budgets are the client's), its clock, and the state database where a stream's resume
/// point is kept. `HaulClient` is the one conformer (Engine/HLSDownload+Client.swift): the engine runs a download
/// that is a stream (`StreamTransfer`), so HLS/ is below Engine/ and names the client only through this
/// (docs/architecture.md, "Layers inside a target"). The functions that take it are generic over it, specialised
/// for the client in an optimised build.
protocol HLSFetching: Sendable {
    var configuration: HaulConfiguration { get }
    var store: DownloadStore { get }
    func fetchAnswer(
        _ url: URL, maximumBytes: Int, headers: [DownloadRequest.Header]
    ) async throws -> (bytes: [UInt8], url: URL)
    func fetchAnswer(
        _ url: URL, maximumBytes: Int, headers: [DownloadRequest.Header], through transform: @escaping @Sendable () -> any BodyTransform
    ) async throws -> (bytes: [UInt8], url: URL)
    func fetchPart(
        _ url: URL, range: HLSByteRange, maximumBytes: Int, headers: [DownloadRequest.Header],
        through transform: (@Sendable () -> any BodyTransform)?
    ) async throws -> (bytes: [UInt8], url: URL, identity: ResourceIdentity)
    func onStoreQueue<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value
}
