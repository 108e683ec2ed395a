import HaulKit
import MCP

/// The tools an agent sees over MCP (`/mcp` and `haul mcp`, docs/agents.md): names, what each does, the JSON Schema
/// of its arguments and of its structured result, and the hints a client shows before letting a model call it.
///
/// Pure data: what a call does is `AgentTools`', over the same `Aria2Service` the aria2 RPC drives.
package enum AgentToolCatalog {
    /// The tool names, in the order `tools/list` gives them.
    package enum Name: String, CaseIterable, Sendable {
        case addDownloads = "add_downloads"
        case listDownloads = "list_downloads"
        case getDownload = "get_download"
        case pauseDownload = "pause_download"
        case resumeDownload = "resume_download"
        case removeDownload = "remove_download"
        case waitForDownloads = "wait_for_downloads"
        case globalStats = "global_stats"
        case hostBudgets = "host_budgets"
    }

    /// The most URLs one `add_downloads` takes, and ids one `wait_for_downloads` watches (the RPC's batch bound).
    package static let maxBatch = 1000
    /// The most downloads one `list_downloads` page holds.
    package static let maxPage = 1000
    /// The longest `wait_for_downloads` waits, in seconds.
    package static let maxWaitSeconds = 3600

    package static let tools: [Tool] = Name.allCases.map(tool)

    static func tool(_ name: Name) -> Tool {
        switch name {
        case .addDownloads:
            return Tool(
                name: name.rawValue, title: "Add downloads",
                description: "Queue one download per URL (http or https) into a directory the daemon allows; returns each download's id, or why that URL was refused.",
                inputSchema: object([
                    "urls": ["type": "array", "minItems": 1, "maxItems": .int(maxBatch), "items": ["type": "string"],
                             "description": "http(s) URLs, one download each"],
                    "directory": string("Where to save: inside the daemon's allowed directories (default: its download directory)"),
                    "name": string("The file name (only with one URL; default: the server's or the URL's name)"),
                    "checksum": string("ALGO=HEX (sha-256, sha-1, md5, sha-512) to verify the file against, or 'auto': the checksum the site publishes beside the file (URL.sha256, SHA256SUMS...), when it does"),
                    "checksum_file": string("The http(s) URL of a checksum list (SHA256SUMS) naming the file"),
                    "connections": ["type": "integer", "minimum": .int(ConnectionCount.range.lowerBound),
                                    "maximum": .int(ConnectionCount.range.upperBound),
                                    "description": .string("Connections per download (default: Haul chooses, up to \(ConnectionCount.automaticCeiling))")],
                    "headers": ["type": "array", "items": ["type": "string"], "description": "Request headers, each 'Name: value'"],
                    "paused": ["type": "boolean", "description": "Add paused instead of queued"],
                ], required: ["urls"]),
                annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true),
                outputSchema: object(["added": ["type": "array", "items": object([
                    "url": ["type": "string"], "id": ["type": "string"], "error": ["type": "string"],
                    "checksum": ["type": "string", "description": "With checksum 'auto': where the checksum came from, or that none was found"],
                ], required: ["url"])]], required: ["added"])
            )
        case .listDownloads:
            return Tool(
                name: name.rawValue, title: "List downloads",
                description: "One page of the downloads in a state: active (running), waiting (queued or paused) or stopped (complete, failed, removed).",
                inputSchema: object([
                    "state": ["type": "string", "enum": ["active", "waiting", "stopped"], "description": "Which list (default: active)"],
                    "offset": ["type": "integer", "minimum": 0, "description": "The first position (default 0)"],
                    "limit": ["type": "integer", "minimum": 1, "maximum": .int(maxPage), "description": "The page's size (default 100)"],
                ]),
                annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false),
                outputSchema: object([
                    "downloads": ["type": "array", "items": downloadSchema],
                    "offset": ["type": "integer"], "total": ["type": "integer"],
                ], required: ["downloads", "offset", "total"])
            )
        case .getDownload:
            return Tool(
                name: name.rawValue, title: "Get a download",
                description: "One download: state, progress, speed, time left, the error sentence of a failed one, the file's path.",
                inputSchema: object(["id": idSchema], required: ["id"]),
                annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false),
                outputSchema: downloadSchema
            )
        case .pauseDownload:
            return Tool(
                name: name.rawValue, title: "Pause a download",
                description: "Stop a running or queued download, keeping its bytes for resume_download.",
                inputSchema: object(["id": idSchema], required: ["id"]),
                annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false),
                outputSchema: downloadSchema
            )
        case .resumeDownload:
            return Tool(
                name: name.rawValue, title: "Resume a download",
                description: "Queue a paused or failed download again; it continues from the bytes it has.",
                inputSchema: object(["id": idSchema], required: ["id"]),
                annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true),
                outputSchema: downloadSchema
            )
        case .removeDownload:
            return Tool(
                name: name.rawValue, title: "Remove a download",
                description: "Stop a download for good and forget it. An unfinished one's partial file is deleted; a complete one's file is kept unless delete_file is true.",
                inputSchema: object([
                    "id": idSchema,
                    "delete_file": ["type": "boolean", "description": "Also delete a complete download's file (default false)"],
                ], required: ["id"]),
                annotations: .init(readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false),
                outputSchema: object(["id": ["type": "string"], "file_deleted": ["type": "boolean"]], required: ["id", "file_deleted"])
            )
        case .waitForDownloads:
            return Tool(
                name: name.rawValue, title: "Wait for downloads",
                description: "Wait until each download has finished (complete, failed or removed), at most timeout_seconds; then report each one.",
                inputSchema: object([
                    "ids": ["type": "array", "minItems": 1, "maxItems": .int(maxBatch), "items": idSchema],
                    "timeout_seconds": ["type": "number", "minimum": 0, "maximum": .int(maxWaitSeconds),
                                        "description": "The longest wait (default 60)"],
                ], required: ["ids"]),
                annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false),
                outputSchema: object([
                    "finished": ["type": "boolean", "description": "Whether every download finished within the time"],
                    "downloads": ["type": "array", "items": downloadSchema],
                ], required: ["finished", "downloads"])
            )
        case .globalStats:
            return Tool(
                name: name.rawValue, title: "Global statistics",
                description: "The overall speed and how many downloads are active, waiting and stopped.",
                inputSchema: object([:]),
                annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false),
                outputSchema: object([
                    "download_speed": ["type": "integer"], "active": ["type": "integer"], "waiting": ["type": "integer"],
                    "stopped": ["type": "integer"],
                ], required: ["download_speed", "active", "waiting", "stopped"])
            )
        case .hostBudgets:
            return Tool(
                name: name.rawValue, title: "Host budgets",
                description: "The connections each host has been learned to allow (a host that refused more, or was no faster with more).",
                inputSchema: object([:]),
                annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false),
                outputSchema: object(["hosts": ["type": "array", "items": object([
                    "host": ["type": "string"], "connections": ["type": "integer"], "learned": ["type": "integer"],
                    "lesson": ["type": "string"], "reason": ["type": "string"],
                ], required: ["host", "connections"])]], required: ["hosts"])
            )
        }
    }

    static let idSchema: Value = [
        "type": "string", "description": "A download's id (16 hex digits, as add_downloads and list_downloads give)",
    ]

    /// What `get_download`, `list_downloads` and `wait_for_downloads` say of one download (`AgentDownloadView`).
    static let downloadSchema: Value = object([
        "id": ["type": "string"],
        "state": ["type": "string", "enum": ["active", "waiting", "paused", "error", "complete", "removed"]],
        "url": ["type": "string"],
        "path": ["type": "string"],
        "total_bytes": ["type": ["integer", "null"]],
        "bytes_done": ["type": "integer"],
        "percent": ["type": ["number", "null"]],
        "speed": ["type": "integer", "description": "Bytes per second"],
        "seconds_left": ["type": ["integer", "null"]],
        "error": ["type": "string"],
    ], required: ["id", "state", "url", "path", "bytes_done", "speed"])

    static func object(_ properties: [String: Value], required: [String] = []) -> Value {
        var schema: [String: Value] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        return .object(schema)
    }

    static func string(_ description: String) -> Value {
        ["type": "string", "description": .string(description)]
    }
}
