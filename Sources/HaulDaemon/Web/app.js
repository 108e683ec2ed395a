// Haul's download list: one page of the whole queue at a time (haul.listDownloads: the daemon filters, finds and
// sorts; pager.js), read again each second and at aria2's notifications of state changes; bytes and speed of the
// rows shown kept live between reads by Haul's haul.onProgress pushes over the same WebSocket.
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
import { perform, orderedSelection } from "./actions.js";
import { takeSecretFromFragment, watchFragment, keptSecret, keepSecret } from "./signin.js";
import { Retries, sayOutcomes } from "./feedback.js";
import { setLink, sayLinkAgain, countDown } from "./link.js";
import { PAGE, queryOf, offsetFor, drawPager } from "./pager.js";
import { say, wireMessage } from "./message.js";

const KEYS = ["gid", "status", "totalLength", "completedLength", "downloadSpeed", "connections", "files", "dir",
  "errorCode", "errorMessage", "haulSegments", "haulSegmentsDone"];
const $ = (selector) => document.querySelector(selector);

// order: the rows as drawn, oldest first, each kept where it is, so that a row never moves under the pointer
// (pausing one moves it in aria2's queue, not on the page); queue: aria2's order (running, waiting, stopped).
// filter, query, sort: what the person asked to see (order.js); current: the row the arrow keys chose; fresh: the
// rows the last Add made (highlighted).
const model = { items: new Map(), order: [], queue: [], segments: new Map(), selected: new Set(), filter: "all",
  query: "", sort: "added", current: null, fresh: new Set(), offset: 0, total: 0, counts: null, speed: 0 };
let reading = false; // a read of the page is on its way: the second's poll does not send another
let drawnQuery = ""; // the query of the page drawn: rows keep their places while it stays the same
const retries = new Retries();
const history = new SpeedHistory();
let pointerOverList = false; // while it is, rows keep their places whatever the sort says
let globals = {}; // the daemon's global options (getGlobalOption)
const outcomes = []; // [outcome, gid] of downloads that completed or failed, to notify after the next refresh
let detailGID = null;
let detailExtras = {}; // tellStatus's answer for the open detail: Haul's keys (final URL, ETag) the list lacks
let refreshTimer = null;
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

function showLink({ state, retryAt }) {
  document.body.dataset.link = state;
  linkState = state;
  drawLive();
  countDown(null);
  if (state === "open") { setLink("link.reached"); start(); return; }
  if (state === "connecting") { setLink("link.connecting"); return; }
  countDown(retryAt);
}

let secretWhy = "secret.needed";

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
  // The pushes asked for and the first page read at once (one round trip, not two, before the first paint).
  const subscribed = rpc.call("haul.subscribeProgress").catch((error) => say(t("live.progress", { reason: error.message })));
  await refresh();
  await subscribed;
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
  if (!item) return; // not on this page: the next read shows it where it belongs
  for (const key of ["completedLength", "totalLength", "downloadSpeed", "connections", "secondsRemaining", "haulSegments", "haulSegmentsDone"]) {
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

// The page of the list the person looks at (filter, search, sort and page: pager.js), with the counts of every
// state and the total speed. Nothing is asked before the daemon accepted the secret (a notification may arrive
// while the secret dialog is open); an error answer is shown as an error, never drawn as an empty list.
async function refresh() {
  if (!authorized) return;
  const read = ++listReads, signIn = signIns;
  let answer;
  reading = true;
  const asked = queryOf(model);
  try {
    answer = await rpc.call("haul.listDownloads", asked, KEYS);
  } catch (error) {
    if (signIn === signIns && read >= listDrawn) error instanceof RPCError && error.code !== -1 ? listRefused(error) : say(error.message);
    return;
  } finally { if (read === listReads) reading = false; }
  if (signIn !== signIns || read < listDrawn) return;
  listDrawn = read;
  model.total = Number(answer.total) || 0;
  model.counts = answer.counts;
  model.speed = Number(answer.downloadSpeed) || 0;
  // The page ran past the end (the last rows went): the last page instead.
  if (!answer.downloads.length && model.offset > 0) { model.offset = offsetFor("fit", model.offset, model.total); scheduleRefresh(); }
  // Another filter, search, sort or page: the rows in the daemon's order; the same one read again: rows keep places.
  const same = JSON.stringify(asked) === drawnQuery;
  drawnQuery = JSON.stringify(asked);
  const { items: next, order, queue } = mergeLists([answer.downloads], same ? model : { ...model, order: [] }, resortQueue);
  resortQueue = false;
  model.items = next;
  model.order = order;
  model.queue = queue;
  for (const gid of [...model.selected]) if (!next.has(gid)) model.selected.delete(gid);
  // Downloads that finished off this page are named too (their status read by GID).
  const pending = outcomes.splice(0);
  const elsewhere = await statusesOf(pending.map(([, gid]) => gid).filter((gid) => !next.has(gid)));
  const later = sayOutcomes(pending, (gid) => next.get(gid) || elsewhere.get(gid),
    { retries, notify: notifyOutcome, say, nameOf, failureText });
  drawList();
  if (later.length) { outcomes.push(...later); scheduleRefresh(); }
}

// The downloads `gids` by tellStatus, as a map (those the daemon no longer has left out).
async function statusesOf(gids) {
  if (!gids.length) return new Map();
  const results = await rpc.multicall(gids.map((gid) => ["aria2.tellStatus", gid, KEYS])).catch(() => []);
  return new Map(results.filter(Array.isArray).map(([item]) => [item.gid, item]));
}

function listRefused(error) {
  if (error.unauthorized) { notAuthorized("link.badSecret"); askSecret("secret.refused"); return; }
  say(t("list.failed", { reason: error.message }));
}

// After Add: the new rows highlighted, the first scrolled into view (it comes last, maybe far below), and a note.
async function added(gids) {
  await refresh();
  // New downloads come last in the added order: the page that has them.
  if (!gids.some((gid) => model.items.has(gid)) && model.sort === "added" && model.total > PAGE) {
    model.offset = offsetFor("last", model.offset, model.total);
    await refresh();
  }
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
  const any = model.counts ? Object.values(model.counts).some((count) => Number(count) > 0) : model.items.size > 0;
  $("#empty").textContent = model.query && any ? t("empty.found", { query: model.query })
    : any ? t("empty.state")
    : !authorized && linkState === "open" ? t("empty.secret")
    : !authorized ? t("empty.connecting") : t("empty.none");
  drawPager($("#pager"), model, model.items.size);
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

// The header's counts and speed are the daemon's, over the whole queue (not the page's rows).
function drawTotals() {
  const speed = model.speed;
  // Disconnected, a speed would be stale: the counts stay (as last known), the speed goes.
  const counts = countsText(model.items.values(), model.counts);
  $("#totals").textContent = !authorized ? "" : live() ? t("totals.speed", { counts, speed: rate(speed) }) : counts;
  $("#session").textContent = authorized ? t("session.line", { bytes: bytes(history.received), peak: rate(Math.max(history.peak, live() ? speed : 0)) }) : "";
}

function drawSelection() {
  drawSelectionBar(model.selected.size, model.items.size, live());
}

// One action on several downloads, in one request (actions.js); the list is read again after it.
async function act(action, gids) {
  if (!(await perform(action, gids, model.items, { rpc, retries, say }))) return;
  if (["top", "up", "down", "bottom"].includes(action)) resortQueue = true;
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
    sayLinkAgain();
    $("#secret-why").textContent = t("secret.where", { why: t(secretWhy) });
    if (live()) loadGlobals(); // the connections' placeholder says "auto" in the language
    drawList();
    if (detailGID) showDetail();
  });
  // Found, filtered and sorted at once among the rows shown, then by the daemon over the whole queue, from page 1.
  $("#find").addEventListener("input", (event) => { model.query = event.target.value; model.offset = 0; drawList(); scheduleRefresh(); });
  $("#sort").addEventListener("change", (event) => {
    model.sort = event.target.value; model.offset = 0; pointerOverList = false; drawList(); scheduleRefresh();
  });
  for (const button of document.querySelectorAll("[data-page]")) {
    button.addEventListener("click", () => { model.offset = offsetFor(button.dataset.page, model.offset, model.total); refresh(); });
  }
  $("#list").addEventListener("pointerenter", () => { pointerOverList = true; });
  $("#list").addEventListener("pointerleave", () => { pointerOverList = false; drawList(); });
  wireKeys($("#list"), {
    act, openDetail, stopped: STOPPED,
    statusOf: (gid) => model.items.get(gid)?.status,
    onMove: (gid) => { model.current = gid; markCurrent($("#list"), gid); },
  });
  $("#pause-all").addEventListener("click", () => rpc.call("aria2.pauseAll").then(refresh, (e) => say(e.message)));
  $("#resume-all").addEventListener("click", () => rpc.call("aria2.unpauseAll").then(refresh, (e) => say(e.message)));
  $("#filter").addEventListener("change", (event) => { model.filter = event.target.value; model.offset = 0; drawList(); scheduleRefresh(); });
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

// Each second: the page read again (only its rows: a queue of 30,000 costs the daemon one page), and one speed
// sample for the charts and the run's totals; a list sorted by speed or progress is redrawn with it (not while
// the pointer is over it).
function tick() {
  if (!live()) return;
  if (!reading && !document.hidden) refresh();
  history.sample(model.items.values(), model.speed);
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
