// Haul's download list: state from aria2's JSON-RPC, kept live by the daemon's pushes over one WebSocket
// (aria2's notifications for state changes, Haul's haul.onProgress for bytes and speed). No polling loop.
import { Connection, RPCError } from "./rpc.js";
import { bytes, rate } from "./format.js";
import { drawRow, drawDetail, nameOf, STOPPED } from "./view.js";
import { t, lang, setLang, applyStatic, number } from "./i18n.js";
import { applyTheme, wireTheme } from "./theme.js";
import { arrange, holdOrder } from "./order.js";
import { wireKeys, markCurrent } from "./keys.js";
import { drawChart, SpeedHistory } from "./chart.js";
import { loadSettings, allowedDirectories, wireSettings } from "./settings.js";
import { wireAdd, openAdd } from "./add.js";
import { wireNotify, drawNotifyButton, notifyOutcome } from "./notify.js";
import { callFor, orderedSelection } from "./actions.js";

const KEYS = ["gid", "status", "totalLength", "completedLength", "downloadSpeed", "connections", "files", "dir",
  "errorCode", "errorMessage"];
const SECRET_KEY = "haul.secret";
const $ = (selector) => document.querySelector(selector);

// order: the rows as drawn, oldest first, each kept where it is, so that a row never moves under the pointer
// (pausing one moves it in aria2's queue, not on the page); queue: aria2's order (running, waiting, stopped).
// filter, query, sort: what the person asked to see (order.js); current: the row the arrow keys chose.
const model = { items: new Map(), order: [], queue: [], segments: new Map(), selected: new Set(), filter: "all",
  query: "", sort: "added", current: null };
const history = new SpeedHistory();
let pointerOverList = false; // while it is, rows keep their places whatever the sort says
let globals = {}; // the daemon's global options (getGlobalOption)
const outcomes = []; // [outcome, gid] of downloads that completed or failed, to notify after the next refresh
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
    window.history.replaceState(null, "", location.pathname + location.search);
  }
  return sessionStorage.getItem(SECRET_KEY) || "";
}

const wsURL = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/jsonrpc`;
const rpc = new Connection(wsURL, { onState: showLink, onNotification: notified });
rpc.secret = takeSecretFromFragment();

function showLink({ state, retryAt: at }) {
  retryAt = at || null;
  document.body.dataset.link = state;
  linkState = state;
  drawLive();
  if (state === "open") { setLink("link.reached"); start(); return; }
  if (state === "connecting") { setLink("link.connecting"); return; }
  tickLink();
}

// The header's line about the link, kept as a key so that a change of language rewrites it.
let linkText = ["link.connecting", {}];
let secretWhy = "secret.needed";
function setLink(key, vars = {}) {
  linkText = [key, vars];
  $("#link").textContent = t(key, vars);
  $("#link").title = $("#link").textContent; // a phone cuts the line short
}

function tickLink() {
  if (!retryAt) return;
  const seconds = Math.max(0, Math.ceil((retryAt - Date.now()) / 1000));
  setLink("link.retry", { seconds });
  if (seconds > 0) setTimeout(tickLink, 1000);
}

async function start() {
  if (!rpc.secret) { notAuthorized("link.needSecret"); askSecret("secret.needed"); return; }
  try {
    await rpc.call("aria2.getGlobalStat");
  } catch (error) {
    if (error instanceof RPCError && error.unauthorized) {
      notAuthorized("link.badSecret");
      askSecret("secret.refused");
      return;
    }
    say(error.message);
    return;
  }
  authorized = true;
  setLink("link.connected");
  say(""); // whatever failed while the link was down ("not connected to the daemon") is over
  drawLive();
  try { await rpc.call("haul.subscribeProgress"); } catch (error) { say(t("live.progress", { reason: error.message })); }
  await refresh();
  await loadGlobals();
}

function notAuthorized(why) {
  authorized = false;
  setLink(why);
  drawLive();
}

// Greys the list and disables every action while the page cannot act (disconnected, or no secret yet).
function drawLive() {
  const on = live();
  document.body.dataset.live = String(on);
  for (const control of document.querySelectorAll("#add-open, #pause-all, #resume-all, #settings-open, #select-all")) {
    control.disabled = !on;
  }
  drawList();
}

function askSecret(why) {
  secretWhy = why;
  $("#secret-why").textContent = t("secret.where", { why: t(why) });
  const dialog = $("#secret-dialog");
  if (!dialog.open) dialog.showModal();
  $("#secret-input").focus();
}

function notified(method, params) {
  if (method === "haul.onProgress") {
    for (const update of params) progressed(update);
    return;
  }
  // Notified once the list is read again: a download that finished at once is named as well.
  if (method === "aria2.onDownloadComplete" || method === "aria2.onDownloadError") {
    for (const { gid } of params) outcomes.push([method === "aria2.onDownloadComplete" ? "done" : "failed", gid]);
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
  if (detailGID === item.gid) showDetail();
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
  for (const [outcome, gid] of outcomes.splice(0)) notifyOutcome(outcome, next.has(gid) ? nameOf(next.get(gid)) : gid, gid);
  drawList();
}

function rowFor(gid) {
  return $("#list").querySelector(`[data-gid="${CSS.escape(gid)}"]`);
}

// The rows to draw: filtered, found and sorted (order.js). While the pointer is over the list, rows already
// drawn keep their places and new ones go last; the sort applies when it leaves (or when the sort is changed).
function drawList() {
  const list = $("#list");
  const template = $("#row-template");
  const existing = new Map([...list.children].map((row) => [row.dataset.gid, row]));
  const wanted = arrange(model.order, model.items, { filter: model.filter, query: model.query, sort: model.sort, lang: lang(), nameOf });
  const visible = pointerOverList ? holdOrder([...existing.keys()], wanted) : wanted;
  visible.forEach((gid, index) => {
    let row = existing.get(gid);
    existing.delete(gid);
    if (!row) row = template.content.firstElementChild.cloneNode(true);
    drawRow(row, model.items.get(gid), model.selected.has(gid), live());
    if (list.children[index] !== row) list.insertBefore(row, list.children[index] || null);
  });
  for (const row of existing.values()) row.remove();
  markCurrent(list, model.current);
  $("#empty").hidden = visible.length > 0;
  $("#empty").textContent = model.query && model.items.size ? t("empty.found", { query: model.query })
    : model.items.size ? t("empty.state")
    : !authorized && linkState === "open" ? t("empty.secret")
    : !authorized ? t("empty.connecting") : t("empty.none");
  drawTotals();
  drawSelection();
  if (detailGID && model.items.has(detailGID)) showDetail();
}

function showDetail() {
  const item = model.items.get(detailGID);
  if (!item) return;
  drawDetail($("#detail-dialog"), { ...detailExtras, ...item }, model.segments.get(detailGID));
  drawChart($("#detail-chart"), history.each.get(detailGID) || []);
}

function drawTotals() {
  let running = 0, queued = 0, speed = 0, done = 0;
  for (const item of model.items.values()) {
    if (item.status === "active") { running += 1; speed += Number(item.downloadSpeed) || 0; }
    else if (item.status === "waiting") queued += 1;
    else if (item.status === "complete") done += 1;
  }
  // Disconnected, a speed would be stale: the counts stay (as last known), the speed goes.
  const counts = t("totals.counts", { running: number(running), queued: number(queued), done: number(done) });
  $("#totals").textContent = !authorized ? "" : live() ? t("totals.speed", { counts, speed: rate(speed) }) : counts;
  $("#session").textContent = authorized ? t("session.line", { bytes: bytes(history.received), peak: rate(Math.max(history.peak, live() ? speed : 0)) }) : "";
}

function drawSelection() {
  const count = model.selected.size;
  $("#selection-count").textContent = count ? t("selection.some", { count: number(count) }) : t("selection.none");
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
    const call = callFor(action, item, STOPPED);
    if (call) calls.push(call);
  }
  if (!calls.length) return;
  // Cancelling deletes what was downloaded so far (the partial file): ask first, as "Remove and delete file…" does.
  if (action === "cancel") {
    const items = gids.map((gid) => model.items.get(gid)).filter((item) => item && !STOPPED.has(item.status));
    const kept = items.reduce((sum, item) => sum + (Number(item.completedLength) || 0), 0);
    const question = items.length === 1 ? t("confirm.cancelOne", { name: nameOf(items[0]), bytes: bytes(kept) })
      : t("confirm.cancelMany", { count: items.length, bytes: bytes(kept) });
    if (!window.confirm(question)) return;
  }
  if (["top", "up", "down", "bottom"].includes(action)) resortQueue = true;
  try {
    const results = await rpc.multicall(calls);
    const failures = results.filter((entry) => !Array.isArray(entry)).map((entry) => entry.message || entry.faultString || "error");
    say(failures.length ? t("refused", { failed: failures.length, count: calls.length, reason: failures[0] }) : "");
  } catch (error) { say(error.message); }
  await refresh();
}

async function loadGlobals() {
  try { globals = await loadSettings(rpc); } catch (error) { say(error.message); }
}

async function openDetail(gid) {
  detailGID = gid;
  detailExtras = {};
  const dialog = $("#detail-dialog");
  try { detailExtras = await rpc.call("aria2.tellStatus", gid); } catch (error) { say(error.message); }
  showDetail();
  if (!dialog.open) dialog.showModal();
}

// "Remove and delete file": Haul's own method (aria2 has none), after the person confirms; the daemon deletes only
// inside its allowed directories and says so otherwise.
async function removeAndDeleteFile() {
  const item = model.items.get(detailGID);
  if (!item) return;
  if (!window.confirm(t("confirm.delete", { name: nameOf(item) }))) return;
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
  $("#add-open").addEventListener("click", openAdd);
  wireAdd({ rpc, refresh, allowed: () => allowedDirectories(globals) });
  wireSettings(rpc, say);
  wireTheme();
  wireNotify(say);
  $("#lang").addEventListener("change", (event) => {
    setLang(event.target.value);
    applyTheme();
    drawNotifyButton();
    setLink(...linkText);
    $("#secret-why").textContent = t("secret.where", { why: t(secretWhy) });
    drawList();
    if (detailGID) showDetail();
  });
  $("#find").addEventListener("input", (event) => { model.query = event.target.value; drawList(); });
  $("#sort").addEventListener("change", (event) => { model.sort = event.target.value; pointerOverList = false; drawList(); });
  $("#list").addEventListener("pointerenter", () => { pointerOverList = true; });
  $("#list").addEventListener("pointerleave", () => { pointerOverList = false; drawList(); });
  wireKeys($("#list"), {
    act, openDetail, stopped: STOPPED,
    statusOf: (gid) => model.items.get(gid)?.status,
    onMove: (gid) => { model.current = gid; markCurrent($("#list"), gid); },
  });
  $("#pause-all").addEventListener("click", () => rpc.call("aria2.pauseAll").then(refresh, (e) => say(e.message)));
  $("#resume-all").addEventListener("click", () => rpc.call("aria2.unpauseAll").then(refresh, (e) => say(e.message)));
  $("#filter").addEventListener("change", (event) => { model.filter = event.target.value; drawList(); });
  $("#select-all").addEventListener("change", (event) => {
    model.selected = event.target.checked ? new Set(model.items.keys()) : new Set();
    drawList();
  });
  for (const button of document.querySelectorAll("[data-bulk]")) {
    button.addEventListener("click", () => act(button.dataset.bulk, orderedSelection(button.dataset.bulk, model.queue, model.selected)));
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

// One speed sample a second for the charts and the run's totals; a list sorted by speed or progress is redrawn
// with it (not while the pointer is over it).
function tick() {
  if (!live()) return;
  history.sample(model.items.values());
  drawChart($("#total-chart"), history.total);
  if (!pointerOverList && (model.sort === "speed" || model.sort === "progress")) drawList();
  else drawTotals();
  if (detailGID) showDetail();
}

applyStatic();
wire();
drawLive();
setInterval(tick, 1000);
rpc.open();
