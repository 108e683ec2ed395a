// Haul's download list: state from aria2's JSON-RPC, kept live by the daemon's pushes over one WebSocket
// (aria2's notifications for state changes, Haul's haul.onProgress for bytes and speed). No polling loop.
import { Connection, RPCError } from "./rpc.js";
import { bytes, rate } from "./format.js";
import { drawRow, drawDetail, drawSelectionBar, nameOf, failureText, countsText, STOPPED } from "./view.js";
import { t, lang, setLang, applyStatic, number } from "./i18n.js";
import { applyTheme, wireTheme } from "./theme.js";
import { arrange, holdOrder, mergeLists } from "./order.js";
import { wireKeys, markCurrent } from "./keys.js";
import { drawChart, SpeedHistory } from "./chart.js";
import { loadSettings, allowedDirectories, wireSettings } from "./settings.js";
import { wireAdd, openAdd } from "./add.js";
import { wireNotify, drawNotifyButton, notifyOutcome } from "./notify.js";
import { callFor, orderedSelection, cancelQuestion } from "./actions.js";
import { takeSecretFromFragment, watchFragment, keptSecret, keepSecret } from "./signin.js";
import { Retries } from "./feedback.js";
import { say, wireMessage } from "./message.js";

const KEYS = ["gid", "status", "totalLength", "completedLength", "downloadSpeed", "connections", "files", "dir",
  "errorCode", "errorMessage"];
const $ = (selector) => document.querySelector(selector);

// order: the rows as drawn, oldest first, each kept where it is, so that a row never moves under the pointer
// (pausing one moves it in aria2's queue, not on the page); queue: aria2's order (running, waiting, stopped).
// filter, query, sort: what the person asked to see (order.js); current: the row the arrow keys chose; fresh: the
// rows the last Add made (highlighted).
const model = { items: new Map(), order: [], queue: [], segments: new Map(), selected: new Set(), filter: "all",
  query: "", sort: "added", current: null, fresh: new Set() };
const retries = new Retries();
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
// Each sign-in (start) counts one; each reading of the list too. An answer to a reading made before the current
// sign-in, or older than the list drawn, is stale and never replaces the list.
let signIns = 0, listReads = 0, listDrawn = 0;

// Connected, with the secret accepted: only then are actions offered and speeds shown.
const live = () => linkState === "open" && authorized;

const wsURL = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/jsonrpc`;
const rpc = new Connection(wsURL, { onState: showLink, onNotification: notified });
rpc.secret = takeSecretFromFragment() ?? keptSecret();

// A secret typed into the dialog, or a link with one pasted into this tab: checked at once.
function signInWith(secret) {
  rpc.secret = secret;
  keepSecret(secret);
  if ($("#secret-dialog").open) $("#secret-dialog").close();
  if (linkState === "open") start();
}

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
  signIns += 1;
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
  if (row) drawRow(row, item, model.selected.has(item.gid), live(), retries.triedAt(item));
  drawTotals();
  if (detailGID === item.gid) showDetail();
}

function scheduleRefresh() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(refresh, 100);
}

// The whole list in queue order: running, then waiting and paused as queued, then finished ones.
// Nothing is asked before the daemon accepted the secret (a notification may arrive while the secret dialog is
// open); an error answer is shown as an error, never drawn as an empty list.
async function refresh() {
  if (!authorized) return;
  const read = ++listReads, signIn = signIns;
  let results;
  try {
    results = await rpc.multicall([
      ["aria2.tellActive", KEYS], ["aria2.tellWaiting", 0, 1000, KEYS], ["aria2.tellStopped", 0, 1000, KEYS],
    ]);
  } catch (error) { say(error.message); return; }
  if (signIn !== signIns || read < listDrawn) return;
  const failure = results.find((entry) => !Array.isArray(entry));
  if (failure) { listRefused(new RPCError(failure.code, failure.message || failure.faultString || "error")); return; }
  listDrawn = read;
  const lists = results.map((entry) => entry[0]);
  const { items: next, order, queue } = mergeLists(lists, model, resortQueue);
  resortQueue = false;
  model.items = next;
  model.order = order;
  model.queue = queue;
  for (const gid of [...model.selected]) if (!next.has(gid)) model.selected.delete(gid);
  const later = [];
  for (const [outcome, gid, reads = 0] of outcomes.splice(0)) {
    const item = next.get(gid);
    // The daemon may list a download as failed a moment before its reason is stored ("failed" alone): the outcome
    // waits for a later read (a few at most), so that it is said with its reason.
    if (outcome === "failed" && item && (!item.errorMessage || item.errorMessage === "failed") && reads < 10) {
      later.push([outcome, gid, reads + 1]);
      continue;
    }
    const name = item ? nameOf(item) : gid;
    notifyOutcome(outcome, name, gid);
    const said = retries.outcome(outcome, gid, name, item ? failureText(item) : "");
    if (said) say(...said);
  }
  drawList();
  if (later.length) { outcomes.push(...later); scheduleRefresh(); }
}

function listRefused(error) {
  if (error.unauthorized) { notAuthorized("link.badSecret"); askSecret("secret.refused"); return; }
  say(t("list.failed", { reason: error.message }));
}

// After Add: the new rows highlighted, the first scrolled into view (it comes last, maybe far below), and a note.
async function added(gids) {
  await refresh();
  model.fresh = new Set(gids);
  drawList();
  const row = gids.map(rowFor).find(Boolean);
  if (row) row.scrollIntoView({ block: "center" }); // not under the message at the bottom
  const names = gids.filter((gid) => model.items.has(gid)).map((gid) => nameOf(model.items.get(gid)));
  say(names.length === 1 ? t("added.one", { name: names[0] }) : t("added.many", { count: number(gids.length) }), "note");
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
    drawRow(row, model.items.get(gid), model.selected.has(gid), live(), retries.triedAt(model.items.get(gid)));
    row.classList.toggle("fresh", model.fresh.has(gid));
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
  let speed = 0;
  for (const item of model.items.values()) if (item.status === "active") speed += Number(item.downloadSpeed) || 0;
  // Disconnected, a speed would be stale: the counts stay (as last known), the speed goes.
  const counts = countsText(model.items.values());
  $("#totals").textContent = !authorized ? "" : live() ? t("totals.speed", { counts, speed: rate(speed) }) : counts;
  $("#session").textContent = authorized ? t("session.line", { bytes: bytes(history.received), peak: rate(Math.max(history.peak, live() ? speed : 0)) }) : "";
}

function drawSelection() {
  drawSelectionBar(model.selected.size, model.items.size, live());
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
    if (!window.confirm(cancelQuestion(items, nameOf))) return;
  }
  if (["top", "up", "down", "bottom"].includes(action)) resortQueue = true;
  // Haul's unpause retries a failed download: its outcome is said when it comes (feedback.js).
  const retried = ["toggle", "resume"].includes(action) ? gids.filter((gid) => model.items.get(gid)?.status === "error") : [];
  retries.started(retried);
  try {
    const results = await rpc.multicall(calls);
    const failures = results.filter((entry) => !Array.isArray(entry)).map((entry) => entry.message || entry.faultString || "error");
    if (failures.length) say(t("refused", { failed: failures.length, count: calls.length, reason: failures[0] }));
    else if (retries.pending.has(retried[0])) say(t("retry.sent", { name: nameOf(model.items.get(retried[0])) }), "note");
    else say("");
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
    signInWith($("#secret-input").value.trim());
    $("#secret-input").value = "";
  });
  watchFragment(signInWith);
  $("#add-open").addEventListener("click", openAdd);
  wireAdd({ rpc, refresh, added, allowed: () => allowedDirectories(globals) });
  wireSettings(rpc, say);
  wireTheme();
  wireNotify(say);
  $("#lang").addEventListener("change", (event) => {
    setLang(event.target.value);
    applyTheme();
    drawNotifyButton();
    setLink(...linkText);
    $("#secret-why").textContent = t("secret.where", { why: t(secretWhy) });
    if (live()) loadGlobals(); // the connections' placeholder says "auto" in the language
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
  wireMessage();
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
