// The types a user of HaulKit must name, reachable with `import HaulKit` alone.
//
// Two choices, for two different modules:
// - HaulArchive (checksums, zip extraction and creation) is re-exported whole. Everything public in it is meant for
//   users (`Checksum`, `ZipExtractor`, `ZipCreator` and their options and errors) and it does not depend on the
//   engine, so a user who verifies or unzips a download needs all of it, and nothing in it is an engine internal.
// - HaulCore is the engine's pure decisions (segment planning, response judging, queue policy...). Re-exporting it
//   whole would make all of that HaulKit's public API, to be kept stable forever. Only the values HaulKit's own API
//   takes or returns are named here, as type aliases: the types stay where their tests are, and a user never needs
//   `import HaulCore`. SwiftPM does let a dependent import it (a product's module dependencies are visible to the
//   compiler), but it is not a product and not API: nothing it has beyond these aliases is promised to stay. Every
//   type a public HaulKit declaration names must be aliased here (`PublicTypeAliasTests` checks the list).
@_exported import HaulArchive
import HaulCore

/// Where a download is in its life: queued, downloading, paused, completed, failed or cancelled.
public typealias DownloadState = HaulCore.DownloadState
/// Something that happens to a download (start, pause, resume...), as named by `IllegalTransition`.
public typealias LifecycleEvent = HaulCore.LifecycleEvent
/// A command that did not apply to a download's state, such as pausing a completed download: the detail of a
/// `HaulError` (`.usage`) in `illegalTransition`.
public typealias IllegalTransition = HaulCore.IllegalTransition
/// How many downloads a `DownloadManager` runs at once, and with how many connections between them.
public typealias QueueLimits = HaulCore.QueueLimits
/// How failures are retried: how often, and with which backoff (`HaulConfiguration.retryPolicy`).
public typealias RetryPolicy = HaulCore.RetryPolicy
/// Which redirects are followed (`HaulConfiguration.redirectPolicy`).
public typealias RedirectPolicy = HaulCore.RedirectPolicy
/// Which proxy each URL goes through (`HaulConfiguration.proxies`): none, one for all, or the environment's.
public typealias ProxyRules = HaulCore.ProxyRules
/// A proxy's scheme, host, port and credentials (`ProxyRules`).
public typealias ProxyEndpoint = HaulCore.ProxyEndpoint
/// Which variant of an HLS master playlist `HLSDownload` takes (best, worst, a height, a bandwidth).
public typealias HLSVariantChoice = HaulCore.HLSVariantChoice
/// One variant stream of an HLS master playlist.
public typealias HLSVariant = HaulCore.HLSVariant
/// An HLS master playlist: its variants and renditions (`HLSDownload.variants(client:)`).
public typealias HLSMasterPlaylist = HaulCore.HLSMasterPlaylist
/// A rendition (separate audio, subtitles) of an HLS master playlist.
public typealias HLSRendition = HaulCore.HLSRendition
/// The hosts reached without a proxy (`no_proxy`, `--noproxy`).
public typealias NoProxyList = HaulCore.NoProxyList
/// What happens when a download's destination is taken (`DownloadRequest.onConflict`): fail, rename, overwrite.
public typealias ConflictPolicy = HaulCore.ConflictPolicy
/// A speed limit by time of day and day of week (`DownloadManager.setSpeedSchedule`), read from
/// `Mon-Fri 09:00-18:00 2M; 00:00-07:00 0`.
public typealias SpeedSchedule = HaulCore.SpeedSchedule
/// The directory a download goes to by its file name or Content-Type (`DownloadRequest.folderRules`), read from
/// `*.iso,*.img=~/Images` one rule a time (`add(parsing:)`) or `;`-separated (`init(parsingList:)`).
public typealias FolderRules = HaulCore.FolderRules
/// Why a folder rule could not be read: a sentence for the person who typed it.
public typealias FolderRuleError = HaulCore.FolderRuleError
/// When the queue runs, by time of day and day of week (`DownloadManager.setQueueSchedule`), read from
/// `Mon-Fri 01:00-07:00; Sat,Sun 00:00-24:00`.
public typealias QueueSchedule = HaulCore.QueueSchedule
/// The rules of a week that `SpeedSchedule` and `QueueSchedule` hold (`schedule`): a value by day and time.
public typealias WeeklySchedule = HaulCore.WeeklySchedule
/// Why a schedule's text could not be read (`SpeedSchedule(parsing:)`, `QueueSchedule(parsing:)`).
public typealias ScheduleSyntaxError = HaulCore.ScheduleSyntaxError
/// The lowest speed a connection must keep up before it is replaced (`HaulConfiguration.lowestSpeed`).
public typealias LowestSpeed = HaulCore.LowestSpeed
/// A cookie a download may send (`DownloadRequest.cookies`), read from a browser's `cookies.txt` or given by an app.
public typealias Cookie = HaulCore.Cookie
/// Reads the Netscape `cookies.txt` that browsers export and curl and wget write.
public typealias NetscapeCookieFile = HaulCore.NetscapeCookieFile
/// How many connections one download may open: automatic (Haul chooses, the default) or a fixed count, with the
/// valid range and every default of the count (`DownloadRequest.connectionCount`).
public typealias ConnectionCount = HaulCore.ConnectionCount
/// A connection count that cannot be used, in the words every front-end uses.
public typealias ConnectionCountError = HaulCore.ConnectionCountError
/// How many connections go to one host at once by default, and how fast a budget a host taught eases back
/// (`HaulConfiguration.hostBudgetPolicy`).
public typealias HostBudgetPolicy = HaulCore.HostBudgetPolicy
/// What a host taught about how many connections it accepts (`HaulClient.learnedHostBudgets()`).
public typealias LearnedHostBudget = HaulCore.LearnedHostBudget
