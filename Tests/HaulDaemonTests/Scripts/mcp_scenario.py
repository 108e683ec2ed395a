"""Drives Haul's MCP tools with the official Python MCP client (`mcp` from PyPI), over either transport.

    mcp_scenario.py http URL SECRET BASE_URL DOWNLOADS SHA256
    mcp_scenario.py stdio HAUL STATE_DIR BASE_URL DOWNLOADS SHA256

BASE_URL serves /small (the file whose SHA-256 is SHA256), /paced (600,000 bytes at a few hundred KB/s: a
wait_for_downloads that lasts seconds) and /slow (a large, slow one). Prints
"mcp scenario: ok" at the end; any failed check raises.
"""
import asyncio
import hashlib
import os
import sys

import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

try:  # mcp 2: a transport over an httpx client the caller configures
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    def http_transport(url, headers):
        return streamable_http_client(url, http_client=create_mcp_http_client(headers=headers))
except ImportError:  # mcp 1
    from mcp.client.streamable_http import streamablehttp_client

    def http_transport(url, headers):
        return streamablehttp_client(url, headers=headers)


def field(value, snake, camel):
    """A result's field by its mcp 2 (snake_case) or mcp 1 (camelCase) name."""
    return getattr(value, snake) if hasattr(value, snake) else getattr(value, camel)

TOOLS = {
    "add_downloads", "list_downloads", "get_download", "pause_download", "resume_download",
    "remove_download", "wait_for_downloads", "global_stats", "host_budgets",
}


def check(condition, what):
    if not condition:
        raise AssertionError(what)


async def call(session, name, arguments=None, error=False):
    result = await session.call_tool(name, arguments or {})
    text = " ".join(part.text for part in result.content if part.type == "text")
    is_error = bool(field(result, "is_error", "isError"))
    check(is_error == error, f"{name} {arguments}: isError={is_error}: {text}")
    check(text, f"{name}: no text")
    structured = field(result, "structured_content", "structuredContent")
    if not error:
        check(structured is not None, f"{name}: no structured content")
    return structured, text


async def scenario(session, base, downloads, digest):
    init = await session.initialize()
    check(field(init, "server_info", "serverInfo").name == "haul", init)
    check(init.capabilities.tools is not None, "no tools capability")

    listed = (await session.list_tools()).tools
    check({tool.name for tool in listed} == TOOLS, [tool.name for tool in listed])
    hints = {}
    for tool in listed:
        # Each schema is itself a valid JSON Schema (the draft it declares, else the newest).
        inputs, outputs = field(tool, "input_schema", "inputSchema"), field(tool, "output_schema", "outputSchema")
        jsonschema.validators.validator_for(inputs).check_schema(inputs)
        check(inputs.get("type") == "object", tool.name)
        check(outputs is not None, tool.name)
        jsonschema.validators.validator_for(outputs).check_schema(outputs)
        check(tool.annotations is not None, tool.name)
        hints[tool.name] = (
            field(tool.annotations, "read_only_hint", "readOnlyHint"),
            field(tool.annotations, "destructive_hint", "destructiveHint"),
        )
    check(hints["remove_download"][1] is True, "remove is destructive")
    for name in ["list_downloads", "get_download", "wait_for_downloads", "global_stats", "host_budgets"]:
        check(hints[name][0] is True, name)
    check(hints["add_downloads"] == (False, False), "add is neither read-only nor destructive")

    # add then wait: a real download end to end, its bytes checked.
    result, _ = await call(session, "add_downloads", {"urls": [base + "/small"], "directory": downloads})
    gid = result["added"][0]["id"]
    result, text = await call(session, "wait_for_downloads", {"ids": [gid], "timeout_seconds": 120})
    check(result["finished"] is True, text)
    done = result["downloads"][0]
    check(done["state"] == "complete", done)
    with open(done["path"], "rb") as file:
        check(hashlib.sha256(file.read()).hexdigest() == digest, "the file's bytes")
    check(os.path.dirname(os.path.realpath(done["path"])) == os.path.realpath(downloads), done["path"])

    result, _ = await call(session, "get_download", {"id": gid})
    check(result["state"] == "complete" and result["percent"] == 100, result)
    result, _ = await call(session, "list_downloads", {"state": "stopped", "limit": 10})
    check(gid in [d["id"] for d in result["downloads"]], result)
    result, _ = await call(session, "global_stats")
    check(result["stopped"] >= 1, result)
    result, _ = await call(session, "host_budgets")
    check(isinstance(result["hosts"], list), result)

    # Progress where the client asks for it: a wait with a progress callback hears notifications/progress (bytes
    # done, increasing, of the total) before its result.
    result, _ = await call(session, "add_downloads", {"urls": [base + "/paced"], "directory": downloads})
    paced = result["added"][0]["id"]
    heard = []

    async def progress(done, total, message):
        heard.append((done, total, message))

    waited = await session.call_tool("wait_for_downloads", {"ids": [paced], "timeout_seconds": 120}, progress_callback=progress)
    structured = field(waited, "structured_content", "structuredContent")
    check(structured["finished"] is True and structured["downloads"][0]["state"] == "complete", structured)
    check(len(heard) >= 1, "no progress notification before the result")
    check(all(a[0] < b[0] for a, b in zip(heard, heard[1:])), f"progress does not increase: {heard}")
    check(all(total in (None, 600000) for _, total, _ in heard), heard)
    check(all(message and "finished" in message for _, _, message in heard), heard)
    check(os.path.getsize(structured["downloads"][0]["path"]) == 600000, "the paced file's size")
    print(f"progress notifications: {len(heard)}, last {heard[-1]}")

    # pause, resume, remove on a slow one.
    result, _ = await call(session, "add_downloads", {"urls": [base + "/slow"], "paused": True, "connections": 2})
    slow = result["added"][0]["id"]
    result, _ = await call(session, "get_download", {"id": slow})
    check(result["state"] == "paused", result)
    await call(session, "resume_download", {"id": slow})
    result, _ = await call(session, "pause_download", {"id": slow})
    check(result["state"] == "paused", result)
    result, _ = await call(session, "wait_for_downloads", {"ids": [slow], "timeout_seconds": 0})
    check(result["finished"] is False, result)
    result, _ = await call(session, "remove_download", {"id": slow})
    check(result == {"id": slow, "file_deleted": False}, result)
    await call(session, "get_download", {"id": slow}, error=True)

    # Errors an agent can act on: each a tool error with a sentence.
    _, text = await call(session, "no_such_tool", {}, error=True)
    check("no tool" in text, text)
    _, text = await call(session, "add_downloads", {"urls": [base + "/small"], "connections": 99}, error=True)
    check("connections" in text, text)
    _, text = await call(session, "add_downloads", {"urls": [base + "/small"], "directory": "/etc"}, error=True)
    check("outside the allowed directories" in text, text)
    _, text = await call(session, "add_downloads", {"urls": ["file:///etc/passwd"]}, error=True)
    check("http" in text, text)
    _, text = await call(session, "add_downloads", {"urls": [base + "/small"], "name": os.path.basename(done["path"])}, error=True)
    check(os.path.basename(done["path"]) in text or "exists" in text or "taken" in text, text)
    _, text = await call(session, "get_download", {"id": "ffffffffffffffff"}, error=True)
    check("not found" in text, text)
    _, text = await call(session, "list_downloads", {"dir": "x"}, error=True)
    check("'dir'" in text, text)

    # Removing the complete one with its file: destructive, and said so.
    result, _ = await call(session, "remove_download", {"id": gid, "delete_file": True})
    check(result["file_deleted"] is True, result)
    check(not os.path.exists(done["path"]), "the file was deleted")


async def main():
    mode = sys.argv[1]
    base, downloads, digest = sys.argv[4], sys.argv[5], sys.argv[6]
    if mode == "http":
        url, secret = sys.argv[2], sys.argv[3]
        async with http_transport(url, {"Authorization": f"Bearer {secret}"}) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                await scenario(session, base, downloads, digest)
    else:
        haul, state = sys.argv[2], sys.argv[3]
        parameters = StdioServerParameters(
            command=haul, args=["mcp", "--state-dir", state, "-d", downloads], env=dict(os.environ)
        )
        async with stdio_client(parameters) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                await scenario(session, base, downloads, digest)
    print("mcp scenario: ok")


asyncio.run(main())
