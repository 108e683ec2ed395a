// Haul's download list: state from aria2's JSON-RPC, kept live by the daemon's pushes over one WebSocket
// (aria2's notifications for state changes, Haul's haul.onProgress for bytes and speed). No polling loop.
import { Connection, RPCError } from "./rpc.js";
import { bytes, rate, parseBytes } from "./format.js";
import { drawRow, drawDetail, nameOf, STOPPED } from "./view.js";

const KEYS = ["gid", "status", "totalLength", "completedLength", "downloadSpeed", "connections", "files", "dir",
  "errorCode", "errorMessage"];
const SECRET_KEY = "haul.secret";
const $ = (selector) => document.querySelector(selector);

// order: the rows as drawn, oldest first, each kept where it is, so that a row never moves under the pointer
// (pausing one moves it in aria2's queue, not on the page); queue: aria2's order (running, waiting, stopped).
const model = { items: new Map(), order: [], queue: [], segments: new Map(), selected: new Set(), filter: "all" };
let detailGID = null;
let detailExtras = {}; // tellStatus's answer for the open detail: Haul's keys (final URL, ETag) the list lacks
let refreshTimer = null;
let retryAt = null;
let linkState = "connecting";
let authorized = false; // the daemon accepted the secret (getGlobalStat answered)
let resortQueue = false; // the person moved downloads in the queue: the page takes the queue's order for them

// Connected, with the secret accepted: only then are actions offered and speeds shown.
const live = () => linkState === "open" && authorized;

// The secret arrives in the fragment (#secret=...), which never reaches a server or a log; it is kept for
// this tab only (sessionStorage) and taken out of the address bar.
function takeSecretFromFragment() {
  const match = /(?:^|[#&])secret=([^&]*)/.exec(location.hash);
  if (match) {
    sessionStorage.setItem(SECRET_KEY, decodeURIComponent(match[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
  return sessionStorage.getItem(SECRET_KEY) || "";
}

const wsURL = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/jsonrpc`;
const rpc = new Connection(wsURL, { onState: showLink, onNotification: notified });
rpc.secret = takeSecretFromFragment();

function showLink({ state, retryAt: at }) {
  const link = $("#link");
  retryAt = at || null;
  document.body.dataset.link = state;
  linkState = state;
  drawLive();
  if (state === "open") { link.textContent = "reached the daemon — checking the secret…"; start(); return; }
  if (state === "connecting") { link.textContent = "connecting…"; return; }
  tickLink();
}

function tickLink() {
  if (!retryAt) return;
  const seconds = Math.max(0, Math.ceil((retryAt - Date.now()) / 1000));
  $("#link").textContent = `disconnected from the daemon — trying again in ${seconds} s`;
  if (seconds > 0) setTimeout(tickLink, 1000);
}

async function start() {
  if (!rpc.secret) { notAuthorized("the daemon needs its secret"); askSecret("This daemon needs its RPC secret."); return; }
  try {
    await rpc.call("aria2.getGlobalStat");
  } catch (error) {
    if (error instanceof RPCError && error.unauthorized) {
      notAuthorized("secret not accepted");
      askSecret("That secret was not accepted.");
      return;
    }
    say(error.message);
    return;
  }
  authorized = true;
  $("#link").textContent = "connected";
  say(""); // whatever failed while the link was down ("not connected to the daemon") is over
  drawLive();
  try { await rpc.call("haul.subscribeProgress"); } catch (error) { say(`live progress: ${error.message}`); }
  await refresh();
  await loadGlobals();
}

function notAuthorized(why) {
  authorized = false;
  $("#link").textContent = why;
  drawLive();
}

// Greys the list and disables every action while the page cannot act (disconnected, or no secret yet).
function drawLive() {
  const on = live();
  document.body.dataset.live = String(on);
  for (const control of document.querySelectorAll("#add-open, #pause-all, #resume-all, #globals button, #select-all")) {
    control.disabled = !on;
  }
  drawList();
}

function askSecret(why) {
  $("#secret-why").textContent = `${why} haul daemon prints a link that carries it, and keeps it in the file it names (rpc-secret in its state directory).`;
  const dialog = $("#secret-dialog");
  if (!dialog.open) dialog.showModal();
  $("#secret-input").focus();
}

function notified(method, params) {
  if (method === "haul.onProgress") {
    for (const update of params) progressed(update);
    return;
  }
  if (method.startsWith("aria2.onDownload")) scheduleRefresh();
}

function progressed(update) {
  const item = model.items.get(update.gid);
  if (!item) { scheduleRefresh(); return; }
  for (const key of ["completedLength", "totalLength", "downloadSpeed", "connections", "secondsRemaining"]) {
    if (update[key] !== undefined) item[key] = update[key];
  }
  if (update.segments) model.segments.set(update.gid, update.segments);
  const row = rowFor(item.gid);
  if (row) drawRow(row, item, model.selected.has(item.gid), live());
  drawTotals();
  if (detailGID === item.gid) drawDetail($("#detail-dialog"), { ...detailExtras, ...item }, model.segments.get(item.gid));
}

function scheduleRefresh() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(refresh, 100);
}

// The whole list in queue order: running, then waiting and paused as queued, then finished ones.
async function refresh() {
  let results;
  try {
    results = await rpc.multicall([
      ["aria2.tellActive", KEYS], ["aria2.tellWaiting", 0, 1000, KEYS], ["aria2.tellStopped", 0, 1000, KEYS],
    ]);
  } catch (error) { say(error.message); return; }
  const lists = results.map((entry) => (Array.isArray(entry) ? entry[0] : []));
  const next = new Map();
  const queue = [];
  for (const item of lists.flat()) {
    const old = model.items.get(item.gid);
    if (old && old.secondsRemaining !== undefined && item.status === "active") item.secondsRemaining = old.secondsRemaining;
    // The three lists are read one after the other: a download that changed state between them is in two. The
    // later answer is the newer state; the first place is kept.
    if (!next.has(item.gid)) queue.push(item.gid);
    next.set(item.gid, item);
  }
  // Rows keep their places; new ones come last, in the order they were added (Haul's GID is its database id in
  // 16 hex digits, so sorting GIDs sorts by age; the page shows the same order after a reload). Each once.
  const known = new Set();
  const order = [];
  for (const gid of [...model.order, ...[...queue].sort()]) {
    if (next.has(gid) && !known.has(gid)) { known.add(gid); order.push(gid); }
  }
  if (resortQueue) {
    // After a move the queued and paused rows take the queue's order among the places they hold.
    resortQueue = false;
    const movable = (gid) => ["waiting", "paused"].includes(next.get(gid).status);
    const queued = queue.filter(movable);
    order.forEach((gid, index) => { if (movable(gid)) order[index] = queued.shift(); });
  }
  model.items = next;
  model.order = order;
  model.queue = queue;
  for (const gid of [...model.selected]) if (!next.has(gid)) model.selected.delete(gid);
  drawList();
}

function rowFor(gid) {
  return $("#list").querySelector(`[data-gid="${CSS.escape(gid)}"]`);
}

function drawList() {
  const list = $("#list");
  const template = $("#row-template");
  const existing = new Map([...list.children].map((row) => [row.dataset.gid, row]));
  const visible = model.order.filter((gid) => model.filter === "all" || model.items.get(gid).status === model.filter);
  visible.forEach((gid, index) => {
    let row = existing.get(gid);
    existing.delete(gid);
    if (!row) row = template.content.firstElementChild.cloneNode(true);
    drawRow(row, model.items.get(gid), model.selected.has(gid), live());
    if (list.children[index] !== row) list.insertBefore(row, list.children[index] || null);
  });
  for (const row of existing.values()) row.remove();
  $("#empty").hidden = visible.length > 0;
  $("#empty").textContent = model.items.size ? "No downloads in this state."
    : !authorized && linkState === "open" ? "The daemon’s secret is needed to list its downloads."
    : !authorized ? "Connecting to the daemon…" : "No downloads. Add one with “Add…”.";
  drawTotals();
  drawSelection();
  if (detailGID && model.items.has(detailGID)) {
    drawDetail($("#detail-dialog"), { ...detailExtras, ...model.items.get(detailGID) }, model.segments.get(detailGID));
  }
}

function drawTotals() {
  let running = 0, queued = 0, speed = 0, done = 0;
  for (const item of model.items.values()) {
    if (item.status === "active") { running += 1; speed += Number(item.downloadSpeed) || 0; }
    else if (item.status === "waiting") queued += 1;
    else if (item.status === "complete") done += 1;
  }
  // Disconnected, a speed would be stale: the counts stay (as last known), the speed goes.
  $("#totals").textContent = !authorized ? "" : live() ? `${running} running · ${queued} queued · ${done} done · ${rate(speed)}`
    : `${running} running · ${queued} queued · ${done} done`;
}

function drawSelection() {
  const count = model.selected.size;
  $("#selection-count").textContent = count ? `${count} selected` : "none selected";
  $("#selection").dataset.count = String(count);
  for (const button of document.querySelectorAll("[data-bulk]")) button.disabled = count === 0 || !live();
  const all = $("#select-all");
  all.checked = count > 0 && count === model.items.size;
  all.indeterminate = count > 0 && count < model.items.size;
}

function say(text) {
  const message = $("#message");
  message.textContent = text;
  message.hidden = !text;
}

// One action on several downloads, in one request. Errors are reported per download; the list is redrawn.
async function act(action, gids) {
  const calls = [];
  for (const gid of gids) {
    const item = model.items.get(gid);
    if (!item) continue;
    const call = callFor(action, item);
    if (call) calls.push(call);
  }
  if (!calls.length) return;
  // Cancelling deletes what was downloaded so far (the partial file): ask first, as "Remove and delete file…" does.
  if (action === "cancel") {
    const items = gids.map((gid) => model.items.get(gid)).filter((item) => item && !STOPPED.has(item.status));
    const kept = items.reduce((sum, item) => sum + (Number(item.completedLength) || 0), 0);
    const what = items.length === 1 ? `“${nameOf(items[0])}”` : `${items.length} downloads`;
    if (!window.confirm(`Cancel ${what} and delete the partial file${items.length === 1 ? "" : "s"} (${bytes(kept)} downloaded)? This cannot be undone.`)) return;
  }
  if (["top", "up", "down", "bottom"].includes(action)) resortQueue = true;
  try {
    const results = await rpc.multicall(calls);
    const failures = results.filter((entry) => !Array.isArray(entry)).map((entry) => entry.message || entry.faultString || "error");
    say(failures.length ? `${failures.length} of ${calls.length} refused: ${failures[0]}` : "");
  } catch (error) { say(error.message); }
  await refresh();
}

function callFor(action, item) {
  const { gid, status } = item;
  const stopped = STOPPED.has(status);
  switch (action) {
    case "pause": return status === "active" || status === "waiting" ? ["aria2.pause", gid] : null;
    // Haul's unpause also retries a failed download.
    case "resume": return status === "paused" || status === "error" ? ["aria2.unpause", gid] : null;
    case "toggle": return status === "paused" || status === "error" ? ["aria2.unpause", gid] : stopped ? null : ["aria2.pause", gid];
    case "cancel": return stopped ? null : ["aria2.remove", gid];
    case "remove": return stopped ? ["aria2.removeDownloadResult", gid] : null;
    case "top": return stopped ? null : ["aria2.changePosition", gid, 0, "POS_SET"];
    case "up": return stopped ? null : ["aria2.changePosition", gid, -1, "POS_CUR"];
    case "down": return stopped ? null : ["aria2.changePosition", gid, 1, "POS_CUR"];
    case "bottom": return stopped ? null : ["aria2.changePosition", gid, 0, "POS_END"];
    default: return null;
  }
}

async function loadGlobals() {
  try {
    const options = await rpc.call("aria2.getGlobalOption");
    const limit = Number(options["max-overall-download-limit"] || 0);
    $("#global-limit").value = limit > 0 ? bytes(limit).replace(/ ([KMGT])iB$/, "$1").replace(/ B$/, "") : "";
    $("#global-concurrent").value = options["max-concurrent-downloads"] || "";
    const dirs = $("#add-dirs");
    dirs.replaceChildren();
    for (const dir of [options.dir, ...String(options["haul-allow-dir"] || "").split("\n")]) {
      if (!dir) continue;
      const option = document.createElement("option");
      option.value = dir;
      dirs.append(option);
    }
    $("#add-dir").placeholder = options.dir || "default";
  } catch (error) { say(error.message); }
}

// aria2 writes digests as "sha-256=HEX"; haul as "sha256=HEX". Either is accepted here.
function aria2Checksum(text) {
  const match = /^\s*(md5|sha-?1|sha-?224|sha-?256|sha-?384|sha-?512)\s*[=:]\s*([0-9a-f]+)\s*$/i.exec(text);
  if (!match) return null;
  const algorithm = match[1].toLowerCase().replace(/^sha-?/, "sha-");
  return `${algorithm}=${match[2].toLowerCase()}`;
}

async function addDownloads(event) {
  event.preventDefault();
  const error = $("#add-error");
  const urls = $("#add-urls").value.split("\n").map((line) => line.trim()).filter((line) => line && !line.startsWith("#"));
  const options = {};
  const out = $("#add-out").value.trim(), dir = $("#add-dir").value.trim();
  const split = $("#add-split").value.trim(), checksum = $("#add-checksum").value.trim();
  const problem = !urls.length ? "Give at least one URL."
    : out && urls.length > 1 ? "A name can only be given with one URL."
    : checksum && !aria2Checksum(checksum) ? "A checksum looks like sha256=HEX (md5, sha1, sha256, sha512)."
    : checksum && urls.length > 1 ? "A checksum can only be given with one URL." : "";
  if (problem) { error.textContent = problem; error.hidden = false; return; }
  if (out) options.out = out;
  if (dir) options.dir = dir;
  if (split) { options.split = split; options["max-connection-per-server"] = split; }
  if (checksum) options.checksum = aria2Checksum(checksum);
  if ($("#add-paused").checked) options.pause = "true";
  try {
    const results = await rpc.multicall(urls.map((url) => ["aria2.addUri", [url], options]));
    const failures = results.filter((entry) => !Array.isArray(entry));
    if (failures.length) {
      error.textContent = `${failures.length} of ${urls.length} refused: ${failures[0].message || failures[0].faultString}`;
      error.hidden = false;
    } else {
      error.hidden = true;
      $("#add-form").reset();
      $("#add-dialog").close();
    }
  } catch (failure) { error.textContent = failure.message; error.hidden = false; }
  await refresh();
}

async function applyGlobals(event) {
  event.preventDefault();
  const limit = parseBytes($("#global-limit").value);
  const concurrent = $("#global-concurrent").value.trim();
  if (Number.isNaN(limit)) { say("A speed limit looks like 500K, 2M or 1G (bytes per second), or empty for none."); return; }
  const options = { "max-overall-download-limit": String(limit) };
  if (concurrent) options["max-concurrent-downloads"] = concurrent;
  try { await rpc.call("aria2.changeGlobalOption", options); say(""); } catch (error) { say(error.message); }
  await loadGlobals();
}

async function openDetail(gid) {
  detailGID = gid;
  detailExtras = {};
  const dialog = $("#detail-dialog");
  try { detailExtras = await rpc.call("aria2.tellStatus", gid); } catch (error) { say(error.message); }
  drawDetail(dialog, { ...detailExtras, ...model.items.get(gid) }, model.segments.get(gid));
  if (!dialog.open) dialog.showModal();
}

// "Remove and delete file": Haul's own method (aria2 has none), after the person confirms; the daemon deletes only
// inside its allowed directories and says so otherwise.
async function removeAndDeleteFile() {
  const item = model.items.get(detailGID);
  if (!item) return;
  if (!window.confirm(`Remove “${nameOf(item)}” and delete its file from the disk? This cannot be undone.`)) return;
  try {
    await rpc.call("haul.removeDownloadAndFile", item.gid);
    $("#detail-dialog").close();
    say("");
  } catch (error) { say(error.message); }
  await refresh();
}

function wire() {
  $("#secret-form").addEventListener("submit", () => {
    rpc.secret = $("#secret-input").value.trim();
    sessionStorage.setItem(SECRET_KEY, rpc.secret);
    $("#secret-input").value = "";
    start();
  });
  $("#add-open").addEventListener("click", () => { $("#add-error").hidden = true; $("#add-dialog").showModal(); $("#add-urls").focus(); });
  $("#add-cancel").addEventListener("click", () => $("#add-dialog").close());
  $("#add-form").addEventListener("submit", addDownloads);
  $("#globals").addEventListener("submit", applyGlobals);
  $("#pause-all").addEventListener("click", () => rpc.call("aria2.pauseAll").then(refresh, (e) => say(e.message)));
  $("#resume-all").addEventListener("click", () => rpc.call("aria2.unpauseAll").then(refresh, (e) => say(e.message)));
  $("#filter").addEventListener("change", (event) => { model.filter = event.target.value; drawList(); });
  $("#select-all").addEventListener("change", (event) => {
    model.selected = event.target.checked ? new Set(model.items.keys()) : new Set();
    drawList();
  });
  for (const button of document.querySelectorAll("[data-bulk]")) {
    button.addEventListener("click", () => act(button.dataset.bulk, orderedSelection(button.dataset.bulk)));
  }
  $("#list").addEventListener("click", (event) => {
    const row = event.target.closest(".row");
    if (!row) return;
    const gid = row.dataset.gid;
    if (event.target.matches(".pick")) {
      if (event.target.checked) model.selected.add(gid); else model.selected.delete(gid);
      drawSelection();
    } else if (event.target.matches(".name")) {
      openDetail(gid);
    } else if (event.target.dataset.act) {
      act(event.target.dataset.act, [gid]);
    }
  });
  $("#detail-close").addEventListener("click", () => $("#detail-dialog").close());
  $("#message").addEventListener("click", () => say(""));
  $("#detail-delete").addEventListener("click", removeAndDeleteFile);
  $("#detail-dialog").addEventListener("close", () => { detailGID = null; });
  // After sleep or a network change, do not wait out the backoff.
  window.addEventListener("online", () => rpc.retryNow());
  document.addEventListener("visibilitychange", () => { if (!document.hidden) rpc.retryNow(); });
}

// Moves keep the selection's order among itself: "up" and "bottom" move the first selected first, "down"
// and "top" the last first (moving each to position 0 in turn would otherwise reverse them).
function orderedSelection(action) {
  const gids = model.queue.filter((gid) => model.selected.has(gid));
  return action === "down" || action === "top" ? gids.reverse() : gids;
}

wire();
drawLive();
rpc.open();
