"""Drives Haul's MCP tools with the official Python MCP client (`mcp` from PyPI), over either transport.

    mcp_scenario.py http URL SECRET BASE_URL DOWNLOADS SHA256
    mcp_scenario.py stdio HAUL STATE_DIR BASE_URL DOWNLOADS SHA256

BASE_URL serves /small (the file whose SHA-256 is SHA256) and /slow (a large, slow one). Prints
"mcp scenario: ok" at the end; any failed check raises.
"""
import asyncio
import hashlib
import os
import sys

import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamablehttp_client

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
    check(bool(result.isError) == error, f"{name} {arguments}: isError={result.isError}: {text}")
    check(text, f"{name}: no text")
    if not error:
        check(result.structuredContent is not None, f"{name}: no structured content")
    return result, text


async def scenario(session, base, downloads, digest):
    init = await session.initialize()
    check(init.serverInfo.name == "haul", init.serverInfo)
    check(init.capabilities.tools is not None, "no tools capability")

    listed = (await session.list_tools()).tools
    check({tool.name for tool in listed} == TOOLS, [tool.name for tool in listed])
    for tool in listed:
        # Each schema is itself a valid JSON Schema (the draft it declares, else the newest).
        jsonschema.validators.validator_for(tool.inputSchema).check_schema(tool.inputSchema)
        check(tool.inputSchema.get("type") == "object", tool.name)
        check(tool.outputSchema is not None, tool.name)
        jsonschema.validators.validator_for(tool.outputSchema).check_schema(tool.outputSchema)
        check(tool.annotations is not None and tool.annotations.readOnlyHint is not None, tool.name)
    by_name = {tool.name: tool for tool in listed}
    check(by_name["remove_download"].annotations.destructiveHint is True, "remove is destructive")
    for name in ["list_downloads", "get_download", "wait_for_downloads", "global_stats", "host_budgets"]:
        check(by_name[name].annotations.readOnlyHint is True, name)
    check(by_name["add_downloads"].annotations.readOnlyHint is False, "add is not read-only")

    # add then wait: a real download end to end, its bytes checked.
    result, _ = await call(session, "add_downloads", {"urls": [base + "/small"], "directory": downloads})
    gid = result.structuredContent["added"][0]["id"]
    result, text = await call(session, "wait_for_downloads", {"ids": [gid], "timeout_seconds": 120})
    check(result.structuredContent["finished"] is True, text)
    done = result.structuredContent["downloads"][0]
    check(done["state"] == "complete", done)
    with open(done["path"], "rb") as file:
        check(hashlib.sha256(file.read()).hexdigest() == digest, "the file's bytes")
    check(os.path.dirname(os.path.realpath(done["path"])) == os.path.realpath(downloads), done["path"])

    result, _ = await call(session, "get_download", {"id": gid})
    check(result.structuredContent["state"] == "complete" and result.structuredContent["percent"] == 100, result.structuredContent)
    result, _ = await call(session, "list_downloads", {"state": "stopped", "limit": 10})
    check(gid in [d["id"] for d in result.structuredContent["downloads"]], result.structuredContent)
    result, _ = await call(session, "global_stats")
    check(result.structuredContent["stopped"] >= 1, result.structuredContent)
    result, _ = await call(session, "host_budgets")
    check(isinstance(result.structuredContent["hosts"], list), result.structuredContent)

    # pause, resume, remove on a slow one.
    result, _ = await call(session, "add_downloads", {"urls": [base + "/slow"], "paused": True, "connections": 2})
    slow = result.structuredContent["added"][0]["id"]
    result, _ = await call(session, "get_download", {"id": slow})
    check(result.structuredContent["state"] == "paused", result.structuredContent)
    await call(session, "resume_download", {"id": slow})
    result, _ = await call(session, "pause_download", {"id": slow})
    check(result.structuredContent["state"] == "paused", result.structuredContent)
    result, _ = await call(session, "wait_for_downloads", {"ids": [slow], "timeout_seconds": 0})
    check(result.structuredContent["finished"] is False, result.structuredContent)
    result, _ = await call(session, "remove_download", {"id": slow})
    check(result.structuredContent == {"id": slow, "file_deleted": False}, result.structuredContent)
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
    check(result.structuredContent["file_deleted"] is True, result.structuredContent)
    check(not os.path.exists(done["path"]), "the file was deleted")


async def main():
    mode = sys.argv[1]
    base, downloads, digest = sys.argv[4], sys.argv[5], sys.argv[6]
    if mode == "http":
        url, secret = sys.argv[2], sys.argv[3]
        async with streamablehttp_client(url, headers={"Authorization": f"Bearer {secret}"}) as (read, write, _):
            async with ClientSession(read, write) as session:
                await scenario(session, base, downloads, digest)
    else:
        haul, state = sys.argv[2], sys.argv[3]
        parameters = StdioServerParameters(
            command=haul, args=["mcp", "--state-dir", state, "-d", downloads], env=dict(os.environ)
        )
        async with stdio_client(parameters) as (read, write):
            async with ClientSession(read, write) as session:
                await scenario(session, base, downloads, digest)
    print("mcp scenario: ok")


asyncio.run(main())
