// Drawing the list and the detail. Every name, URL and message from a server is set with textContent:
// a file called "<img src=x onerror=alert(1)>.bin" shows as exactly that text.
import { bytes, rate, duration, baseName } from "./format.js";
import { t, number, lang } from "./i18n.js";

// aria2's statuses, as the page says them (words as well as colours), in the page's language.
export const stateWord = (status) => (["active", "waiting", "paused", "complete", "error", "removed"].includes(status)
  ? t(`state.${status}`) : status);
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
  return [host && t("row.from", { host }), dir && t("row.into", { dir })].filter(Boolean).join(" · ");
}

// Fills one row (a clone of #row-template) from a download. `live`: the page is connected and the secret
// accepted; otherwise nothing can be done and nothing said about speed (it would be stale). `triedAt`: when a
// failed download was last tried again (it failed again), or null.
export function drawRow(row, item, selected, live = true, triedAt = null) {
  const removed = item.status === "removed";
  const total = Number(item.totalLength) || 0;
  const done = removed ? 0 : Number(item.completedLength) || 0;
  const percent = total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : item.status === "complete" ? 100 : 0;
  row.dataset.gid = item.gid;
  row.dataset.status = item.status;
  const pick = row.querySelector(".pick");
  pick.checked = selected;
  pick.disabled = !live;
  const name = nameOf(item);
  pick.setAttribute("aria-label", t("act.select", { name }));
  set(row.querySelector(".name"), name);
  row.querySelector(".name").setAttribute("aria-label", t("act.details", { name }));
  const where = whereOf(item);
  set(row.querySelector(".where"), where);
  row.querySelector(".where").title = where;
  const state = row.querySelector(".state");
  set(state, stateWord(item.status));
  state.className = `state state-${item.status}`;
  const bar = row.querySelector(".bar");
  bar.setAttribute("aria-valuenow", String(percent));
  bar.setAttribute("aria-label", t("row.percent", { percent: number(percent) }));
  bar.querySelector(".fill").style.width = `${percent}%`;
  // A cancelled download's partial file was deleted with it: its bytes are not claimed.
  set(row.querySelector(".bytes"), removed ? t("row.deleted")
    : total > 0 ? `${bytes(done)} / ${bytes(total)}  ${number(percent)}%` : bytes(done));
  const active = item.status === "active";
  set(row.querySelector(".speed"), !active ? "" : live ? rate(Number(item.downloadSpeed)) : "—");
  set(row.querySelector(".eta"), !active ? "" : t("row.eta", { time: live ? duration(secondsLeft(item)) : "—" }));
  const conns = Number(item.connections) || 0;
  set(row.querySelector(".conns"), active && live ? (conns === 1 ? t("row.conn") : t("row.conns", { count: number(conns) })) : "");
  const toggle = row.querySelector('[data-act="toggle"]');
  const stopped = STOPPED.has(item.status);
  // A failed download is retried by unpause (Haul puts it back in the queue); a cancelled or completed one is not.
  const action = t(item.status === "paused" ? "act.resume" : item.status === "error" ? "act.retry" : "act.pause");
  set(toggle, action);
  toggle.title = item.status === "error" ? t("act.retryTitle") : "";
  toggle.setAttribute("aria-label", t("act.toggleOf", { action, name }));
  const cancel = row.querySelector('[data-act="cancel"]'), remove = row.querySelector('[data-act="remove"]');
  set(cancel, t("act.cancel"));
  cancel.setAttribute("aria-label", t("act.cancelOf", { name }));
  set(remove, t("act.remove"));
  remove.setAttribute("aria-label", t("act.removeOf", { name }));
  for (const way of ["up", "down"]) {
    const button = row.querySelector(`[data-act="${way}"]`);
    button.title = t(`act.${way}`, { name });
    button.setAttribute("aria-label", button.title);
  }
  toggle.disabled = !live || (stopped && item.status !== "error");
  cancel.disabled = !live || stopped;
  remove.disabled = !live || !stopped;
  const movable = item.status === "waiting" || item.status === "paused";
  row.querySelector('[data-act="up"]').disabled = !live || !movable;
  row.querySelector('[data-act="down"]').disabled = !live || !movable;
  const error = row.querySelector(".error");
  error.hidden = item.status !== "error";
  const [reason, detail] = item.status === "error" ? failure(item) : ["", ""];
  const again = triedAt ? t("row.retried", { time: triedAt.toLocaleTimeString(lang()) }) : "";
  set(error.querySelector(".reason"), [reason, again].filter(Boolean).join(" · "));
  set(error.querySelector(".detail"), detail);
}

// Why a download failed, as [reason, detail]: in English the daemon's own message (the most precise) and no
// detail; in another language the reason its aria2 error code names, in that language, and the daemon's message
// beside it as the daemon wrote it (one code covers "connection refused" and "host not found" alike).
export function failure(item) {
  const message = item.errorMessage || "";
  if (lang() === "en") return [message || t("row.failed"), ""];
  const key = `error.${item.errorCode}`;
  const reason = t(key);
  return [reason === key ? t("error.other", { code: item.errorCode || "?" }) : reason, message];
}

export const failureText = (item) => failure(item).filter(Boolean).join(": ");

// The header's counts: every state that has downloads (running always), so that they add up to the list. From
// the daemon's counts over the whole queue (`counted`: status -> count) when given, else from `items`.
export function countsText(items, counted = null) {
  const count = { active: 0, waiting: 0, paused: 0, complete: 0, error: 0, removed: 0 };
  if (counted) for (const status of Object.keys(count)) count[status] = Number(counted[status]) || 0;
  else for (const item of items) if (item.status in count) count[item.status] += 1;
  return Object.entries(count).filter(([status, n]) => n > 0 || status === "active")
    .map(([status, n]) => t(`totals.${status}`, { count: number(n) })).join(" · ");
}

// The selection's line: how many are chosen, the bulk buttons (enabled with a selection, while live), "all".
export function drawSelectionBar(count, total, live) {
  document.getElementById("selection-count").textContent = count ? t("selection.some", { count: number(count) }) : t("selection.none");
  document.getElementById("selection").dataset.count = String(count);
  for (const button of document.querySelectorAll("[data-bulk]")) button.disabled = count === 0 || !live;
  const all = document.getElementById("select-all");
  all.checked = count > 0 && count === total;
  all.indeterminate = count > 0 && count < total;
}

// An HTTP date in the page's language and time zone; as given when it is not one.
function dateText(value) {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toLocaleString(lang()) : value || "—";
}

// The detail's fields that hold what a server or the daemon said (addresses, names, tags, messages): shown as
// they are, in any language.
const VERBATIM = new Set(["detail.gid", "detail.url", "detail.finalURL", "detail.etag", "detail.file", "detail.error"]);

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
    ["detail.state", stateWord(item.status)],
    ["detail.gid", item.gid],
    ["detail.url", uri],
    ["detail.finalURL", item.haulFinalURL || "—"],
    ["detail.etag", item.haulETag || "—"],
    ["detail.lastModified", dateText(item.haulLastModified)],
    ["detail.file", file.path || "—"],
    ["detail.size", total > 0 ? bytes(total) : t("detail.unknown")],
    ["detail.done", item.status === "removed" ? t("row.deleted") : bytes(Number(item.completedLength) || 0)],
    ["detail.checksum", item.haulChecksum ? `${item.haulChecksum} (${item.haulChecksumVerdict || t("detail.pending")})` : "—"],
  ];
  // An HLS stream: its segments written of those its playlist names (its size is estimated from them until the end).
  if (item.haulSegments !== undefined) {
    rows.splice(rows.length - 1, 0, ["detail.segments", t("detail.segmentsDone", { done: item.haulSegmentsDone, total: item.haulSegments })]);
  }
  if (item.status === "error") rows.push(["detail.error", item.errorMessage || t("row.failed")]);
  for (const [label, value] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = t(label);
    dt.dataset.key = label;
    const dd = document.createElement("dd");
    dd.textContent = value;
    if (VERBATIM.has(label)) dd.dataset.verbatim = "";
    fields.append(dt, dd);
  }
  drawSegments(dialog, segments && segments.length ? segments : oneConnection(item, total), total);
}

// A running download on one connection reports no segments: it is one connection over the whole file, written up
// to the bytes done ("no connection is open" only when none is).
function oneConnection(item, total) {
  if (item.status !== "active" || Number(item.connections) > 1) return [];
  const done = Number(item.completedLength) || 0;
  return [{ id: 1, start: 0, next: done, end: Math.max(total, done), downloadSpeed: item.downloadSpeed }];
}

function drawSegments(dialog, segments, total) {
  const strip = dialog.querySelector("#detail-segments");
  const list = dialog.querySelector("#detail-segment-list");
  strip.replaceChildren();
  list.replaceChildren();
  if (!segments.length) {
    const none = document.createElement("li");
    none.textContent = t("detail.noConnection");
    list.append(none);
    return;
  }
  segments.forEach((segment, index) => {
    const start = Number(segment.start), next = Number(segment.next), end = Number(segment.end);
    if (total > 0) strip.append(band(index, start, next, end, total));
    const line = document.createElement("li");
    line.className = `band-key band-${index % 8}`;
    line.textContent = t("detail.segment", { id: segment.id, start: bytes(start), end: bytes(end), next: bytes(next),
      speed: rate(Number(segment.downloadSpeed)) });
    list.append(line);
  });
}

// One connection's band over the file (of `total` bytes); its darker part is written.
function band(index, start, next, end, total) {
  const span = document.createElement("span");
  span.className = `band band-${index % 8}`;
  span.style.left = `${(start * 100) / total}%`;
  span.style.width = `${(Math.max(0, end - start) * 100) / total}%`;
  const fill = document.createElement("span");
  fill.className = "band-fill";
  fill.style.width = `${end > start ? ((next - start) * 100) / (end - start) : 100}%`;
  span.append(fill);
  return span;
}
