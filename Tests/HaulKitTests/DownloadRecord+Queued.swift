import HaulCore

@testable import HaulKit

extension DownloadRecord {
  /// A queued record of `http://example.com/NAME` saved to `/d/NAME`, not yet inserted: for store tests.
  static func queued(_ name: String) -> DownloadRecord {
    DownloadRecord(
      id: nil, url: "http://example.com/\(name)", finalURL: nil, destination: "/d/\(name)", partPath: "/d/\(name).part",
      etag: nil, lastModified: nil, lastModifiedIsStrong: false, totalBytes: nil, state: DownloadState.queued.rawValue,
      errorMessage: nil, priority: 0, optionsJSON: "{}", createdAt: 1, updatedAt: 1
    )
  }
}
