// Drawing the list and the detail. Every name, URL and message from a server is set with textContent:
// a file called "<img src=x onerror=alert(1)>.bin" shows as exactly that text.
import { bytes, rate, duration, baseName } from "./format.js";

// aria2's statuses, as the page says them (words as well as colours).
export const STATE_WORDS = {
  active: "downloading", waiting: "queued", paused: "paused",
  complete: "completed", error: "failed", removed: "cancelled",
};
export const STOPPED = new Set(["complete", "error", "removed"]);

export function nameOf(item) {
  const path = item.files && item.files[0] && item.files[0].path;
  if (path) return baseName(path);
  const uri = item.files && item.files[0] && item.files[0].uris && item.files[0].uris[0];
  return uri ? baseName(uri.uri) : item.gid;
}

export function secondsLeft(item) {
  if (item.status !== "active") return null;
  if (item.secondsRemaining !== undefined) return Number(item.secondsRemaining);
  const total = Number(item.totalLength), done = Number(item.completedLength), speed = Number(item.downloadSpeed);
  return total > 0 && speed > 0 ? (total - done) / speed : null;
}

function set(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// Where a download comes from and goes to, under its name: two rows with the same name are told apart.
export function whereOf(item) {
  const uri = item.files && item.files[0] && item.files[0].uris && item.files[0].uris[0];
  let host = "";
  try { host = uri ? new URL(uri.uri).host : ""; } catch { host = ""; }
  const dir = item.dir || "";
  return [host && `from ${host}`, dir && `into ${dir}`].filter(Boolean).join(" · ");
}

// Fills one row (a clone of #row-template) from a download. `live`: the page is connected and the secret
// accepted; otherwise nothing can be done and nothing said about speed (it would be stale).
export function drawRow(row, item, selected, live = true) {
  const removed = item.status === "removed";
  const total = Number(item.totalLength) || 0;
  const done = removed ? 0 : Number(item.completedLength) || 0;
  const percent = total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : item.status === "complete" ? 100 : 0;
  row.dataset.gid = item.gid;
  row.dataset.status = item.status;
  const pick = row.querySelector(".pick");
  pick.checked = selected;
  pick.disabled = !live;
  pick.setAttribute("aria-label", `select ${nameOf(item)}`);
  set(row.querySelector(".name"), nameOf(item));
  const where = whereOf(item);
  set(row.querySelector(".where"), where);
  row.querySelector(".where").title = where;
  const state = row.querySelector(".state");
  set(state, STATE_WORDS[item.status] || item.status);
  state.className = `state state-${item.status}`;
  const bar = row.querySelector(".bar");
  bar.setAttribute("aria-valuenow", String(percent));
  bar.setAttribute("aria-label", `${percent} %`);
  bar.querySelector(".fill").style.width = `${percent}%`;
  // A cancelled download's partial file was deleted with it: its bytes are not claimed.
  set(row.querySelector(".bytes"), removed ? "partial file deleted"
    : total > 0 ? `${bytes(done)} / ${bytes(total)}  ${percent}%` : bytes(done));
  const active = item.status === "active";
  set(row.querySelector(".speed"), !active ? "" : live ? rate(Number(item.downloadSpeed)) : "—");
  set(row.querySelector(".eta"), !active ? "" : live ? `ETA ${duration(secondsLeft(item))}` : "ETA —");
  const conns = Number(item.connections) || 0;
  set(row.querySelector(".conns"), active && live ? `${conns} conn${conns === 1 ? "" : "s"}` : "");
  const toggle = row.querySelector('[data-act="toggle"]');
  const stopped = STOPPED.has(item.status);
  // A failed download is retried by unpause (Haul puts it back in the queue); a cancelled or completed one is not.
  set(toggle, item.status === "paused" ? "Resume" : item.status === "error" ? "Retry" : "Pause");
  toggle.title = item.status === "error" ? "try this download again" : "";
  toggle.disabled = !live || (stopped && item.status !== "error");
  row.querySelector('[data-act="cancel"]').disabled = !live || stopped;
  row.querySelector('[data-act="remove"]').disabled = !live || !stopped;
  const movable = item.status === "waiting" || item.status === "paused";
  row.querySelector('[data-act="up"]').disabled = !live || !movable;
  row.querySelector('[data-act="down"]').disabled = !live || !movable;
  set(row.querySelector(".error"), item.status === "error" ? item.errorMessage || "failed" : "");
}

// The detail dialog: every field as text, the connections as bands over the file.
export function drawDetail(dialog, item, segments) {
  dialog.querySelector("#detail-title").textContent = nameOf(item);
  // Only a download that nothing writes: paused, failed or completed (a cancelled one's partial file is gone).
  dialog.querySelector("#detail-delete").disabled = !["paused", "error", "complete"].includes(item.status);
  const fields = dialog.querySelector("#detail-fields");
  fields.replaceChildren();
  const file = (item.files && item.files[0]) || {};
  const uri = file.uris && file.uris[0] ? file.uris[0].uri : "";
  const total = Number(item.totalLength) || 0;
  const rows = [
    ["State", STATE_WORDS[item.status] || item.status],
    ["GID", item.gid],
    ["URL", uri],
    ["Final URL", item.haulFinalURL || "—"],
    ["ETag", item.haulETag || "—"],
    ["Last-Modified", item.haulLastModified || "—"],
    ["File", file.path || "—"],
    ["Size", total > 0 ? bytes(total) : "unknown"],
    ["Done", item.status === "removed" ? "partial file deleted" : bytes(Number(item.completedLength) || 0)],
    ["Checksum", item.haulChecksum ? `${item.haulChecksum} (${item.haulChecksumVerdict || "pending"})` : "—"],
  ];
  if (item.status === "error") rows.push(["Error", item.errorMessage || "failed"]);
  for (const [label, value] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = label;
    const dd = document.createElement("dd");
    dd.textContent = value;
    fields.append(dt, dd);
  }
  drawSegments(dialog, segments || [], total);
}

function drawSegments(dialog, segments, total) {
  const strip = dialog.querySelector("#detail-segments");
  const list = dialog.querySelector("#detail-segment-list");
  strip.replaceChildren();
  list.replaceChildren();
  if (!segments.length || total <= 0) {
    const none = document.createElement("li");
    none.textContent = "no connection is open";
    list.append(none);
    return;
  }
  segments.forEach((segment, index) => {
    const start = Number(segment.start), next = Number(segment.next), end = Number(segment.end);
    const band = document.createElement("span");
    band.className = `band band-${index % 8}`;
    band.style.left = `${(start * 100) / total}%`;
    band.style.width = `${(Math.max(0, end - start) * 100) / total}%`;
    const fill = document.createElement("span");
    fill.className = "band-fill";
    fill.style.width = `${end > start ? ((next - start) * 100) / (end - start) : 100}%`;
    band.append(fill);
    strip.append(band);
    const line = document.createElement("li");
    line.className = `band-key band-${index % 8}`;
    line.textContent = `#${segment.id}: ${bytes(start)} – ${bytes(end)}, at ${bytes(next)}, ${rate(Number(segment.downloadSpeed))}`;
    list.append(line);
  });
}
