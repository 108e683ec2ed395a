// The page's words in English and Simplified Chinese. The language comes from the browser (navigator.languages)
// unless the person chose one with the switch (kept in localStorage). Numbers go through Intl.NumberFormat.
// A string may hold {name} slots, filled by t(key, { name: value }); values are set as text, never as HTML.
import { STRINGS_ZH } from "./i18n_zh.js";

const LANG_KEY = "haul.lang";
const LANGS = ["en", "zh-CN"];

export const STRINGS_EN = {
  "link.connecting": "connecting…", "link.reached": "reached the daemon — checking the secret…",
  "link.retry": "disconnected from the daemon — trying again in {seconds} s", "link.connected": "connected",
  "link.needSecret": "the daemon needs its secret", "link.badSecret": "secret not accepted",
  "chart.total": "total download speed over the last minute", "chart.one": "this download's speed over the last minute",
  "notify.off": "Notify", "notify.on": "Notifying", "notify.title": "notify me when a download completes or fails",
  "notify.blocked": "The browser blocks notifications for this page (see its site settings).",
  "notify.done": "Download completed", "notify.failed": "Download failed",
  "theme.title": "colours: as the system, light or dark", "theme.auto": "◐ Auto", "theme.light": "☀ Light", "theme.dark": "☾ Dark",
  "lang.label": "language",
  "controls.label": "queue controls", "controls.add": "Add…", "controls.pauseAll": "Pause all",
  "controls.resumeAll": "Resume all", "controls.settings": "Settings…",
  "find.placeholder": "Find by name or URL", "find.label": "find downloads by name or URL",
  "filter.label": "show downloads in this state", "filter.all": "all",
  "sort.label": "order of the list", "sort.added": "added first", "sort.name": "by name", "sort.size": "largest first",
  "sort.progress": "most done first", "sort.speed": "fastest first",
  "selection.label": "selected downloads", "selection.all": "all", "selection.none": "none selected",
  "selection.some": "{count} selected",
  "act.pause": "Pause", "act.resume": "Resume", "act.retry": "Retry", "act.retryTitle": "try this download again",
  "act.cancel": "Cancel", "act.remove": "Remove", "act.top": "Top", "act.topTitle": "move to the top of the queue",
  "act.upWord": "Up", "act.upTitle": "move up one place", "act.downWord": "Down", "act.downTitle": "move down one place",
  "act.bottom": "Bottom", "act.bottomTitle": "move to the bottom of the queue",
  "act.up": "move {name} up", "act.down": "move {name} down", "act.toggleOf": "{action} {name}",
  "act.cancelOf": "cancel {name}", "act.removeOf": "remove {name} from the list", "act.select": "select {name}",
  "act.details": "details of {name}",
  "message.hide": "click to hide", "list.label": "downloads",
  "page.label": "pages of the list", "page.first": "First page", "page.prev": "Previous page",
  "page.next": "Next page", "page.last": "Last page", "page.where": "{from}–{to} of {total}",
  "keys.help": "Keys: ↑ ↓ choose a download, Space pauses or resumes it, Delete cancels or removes it, Enter shows it.",
  "empty.state": "No downloads in this state.", "empty.found": "No download matches “{query}”.",
  "empty.secret": "The daemon’s secret is needed to list its downloads.", "empty.connecting": "Connecting to the daemon…",
  "empty.none": "No downloads. Add one with “Add…”, or drop links here.",
  "totals.active": "{count} running", "totals.waiting": "{count} queued", "totals.paused": "{count} paused",
  "totals.complete": "{count} done", "totals.error": "{count} failed", "totals.removed": "{count} cancelled",
  "totals.speed": "{counts} · {speed}",
  "list.failed": "The list could not be read: {reason}", "added.one": "Added “{name}”.",
  "added.many": "Added {count} downloads.", "retry.sent": "Trying “{name}” again…",
  "retry.done": "“{name}” completed on this try.", "retry.failed": "“{name}” failed again: {reason}",
  "row.retried": "tried again at {time}, failed again", "connections.auto": "auto (up to {most})",
  "session.line": "this session: {bytes} · peak {peak}",
  "state.active": "downloading", "state.waiting": "queued", "state.paused": "paused", "state.complete": "completed",
  "state.error": "failed", "state.removed": "cancelled",
  "row.from": "from {host}", "row.into": "into {dir}", "row.deleted": "partial file deleted", "row.eta": "ETA {time}",
  "row.conns": "{count} conns", "row.conn": "1 conn", "row.failed": "failed", "row.percent": "{percent} %",
  "secret.title": "Secret", "secret.label": "Secret", "secret.connect": "Connect",
  "secret.needed": "This daemon needs its RPC secret.", "secret.refused": "That secret was not accepted.",
  "secret.where": "{why} haul daemon prints a link that carries it, and keeps it in the file it names (rpc-secret in its state directory).",
  "add.title": "Add downloads", "add.urls": "URLs, one per line", "add.metalink": "or a Metalink file (.meta4, .metalink)",
  "add.out": "Name", "add.outHint": "from the URL", "add.outTitle": "only with one URL", "add.dir": "Directory",
  "add.dirTitle": "one of the directories the daemon allows", "add.split": "Connections", "add.checksum": "Checksum",
  "add.mirrors": "Mirrors of the same file, one per line", "add.referer": "Referer", "add.cookie": "Cookies",
  "add.headers": "Headers, one per line", "add.paused": "add paused", "add.submit": "Add", "close": "Close",
  "add.noURL": "Give at least one URL or a Metalink file.", "add.oneName": "A name can only be given with one URL.",
  "add.badChecksum": "A checksum looks like sha256=HEX (md5, sha1, sha256, sha512).",
  "add.oneChecksum": "A checksum can only be given with one URL.", "add.oneMirror": "Mirrors can only be given with one URL.",
  "add.badHeader": "A header looks like Name: value ({line}).", "add.badDir": "The daemon only saves into: {dirs}",
  "add.refused": "{failed} of {count} refused: {reason}", "add.metalinkOnly": "A Metalink file is added on its own, without URLs.",
  "add.readFailed": "Could not read {name}.",
  "settings.title": "Settings", "settings.hint": "Applied at once, and kept when the daemon restarts.",
  "settings.limit": "Speed limit, all downloads", "settings.each": "Speed limit, each new download",
  "settings.none": "none", "settings.limitTitle": "bytes per second: 500K, 2M; empty or 0 for none",
  "settings.concurrent": "Downloads at once", "settings.split": "Connections per download",
  "settings.dir": "Default directory", "settings.apply": "Apply",
  "settings.schedule": "Speed schedule",
  "settings.queueSchedule": "Queue schedule",
  "settings.queueScheduleTitle": "When downloads run, by local time: rules separated by ';', each [days] HH:MM-HH:MM, or ending in off for an exception; the later rule wins. Outside it downloads wait, keeping their progress; empty: always",
  "settings.scheduleTitle": "The limit for all downloads by local time: rules separated by ';', each [days] HH:MM-HH:MM speed; 0 is unlimited, the later rule wins, the limit above holds where none does",
  "settings.folderRules": "Folder rules",
  "settings.folderRulesTitle": "Where a download added without a directory goes by its name or type: rules separated by ';', each patterns=directory, e.g. *.iso,*.img=~/Images; video/*=Videos (a relative directory is inside the default one); the later rule wins; each directory must be one the daemon allows",
  "settings.badLimit": "A speed limit looks like 500K, 2M or 1G (bytes per second), or empty for none.",
  "settings.applied": "Settings applied.",
  "detail.speed": "Speed", "detail.connections": "Connections", "detail.bands": "parts of the file, one band per connection",
  "detail.delete": "Remove and delete file…", "detail.deleteTitle": "forget this download and delete its file or partial file",
  "detail.state": "State", "detail.url": "URL", "detail.finalURL": "Final URL", "detail.file": "File", "detail.size": "Size",
  "detail.done": "Done", "detail.checksum": "Checksum", "detail.error": "Error", "detail.unknown": "unknown",
  "detail.pending": "pending", "detail.gid": "GID", "detail.etag": "ETag", "detail.lastModified": "Last-Modified", "detail.noConnection": "no connection is open",
  "detail.segment": "#{id}: {start} – {end}, at {next}, {speed}",
  "detail.segments": "Segments", "detail.segmentsDone": "{done} / {total}",
  "confirm.cancelOne": "Cancel “{name}” and delete the partial file ({bytes} downloaded)? This cannot be undone.",
  "confirm.cancelMany": "Cancel {count} downloads and delete the partial files ({bytes} downloaded)? This cannot be undone.",
  "confirm.delete": "Remove “{name}” and delete its file from the disk? This cannot be undone.",
  "drop.hint": "Drop links or a Metalink file to add them", "live.progress": "live progress: {reason}",
  "refused": "{failed} of {count} refused: {reason}", "notConnected": "not connected to the daemon",
  "duration.d": "{d}d{h}h", "duration.h": "{h}h{m}m", "duration.m": "{m}m{s}s", "duration.s": "{s}s",
  "error.1": "unknown error",
  "error.2": "timed out",
  "error.3": "not found on the server",
  "error.6": "network problem",
  "error.11": "the same file is being downloaded",
  "error.13": "the file already exists",
  "error.17": "could not write the file",
  "error.22": "the server's answer was not usable",
  "error.24": "the server refused the credentials",
  "error.28": "an option was not accepted",
  "error.32": "the checksum did not match",
  "error.other": "failed (error {code})",
};

const TABLES = { en: STRINGS_EN, "zh-CN": STRINGS_ZH };
let current = pick();

// The person's choice, else the browser's first language we have (any zh is Simplified Chinese here).
function pick() {
  const chosen = localStorage.getItem(LANG_KEY);
  if (LANGS.includes(chosen)) return chosen;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    if (/^zh\b/i.test(tag)) return "zh-CN";
    if (/^en\b/i.test(tag)) return "en";
  }
  return "en";
}

export const lang = () => current;

export function setLang(next) {
  if (!LANGS.includes(next)) return;
  current = next;
  localStorage.setItem(LANG_KEY, next);
  applyStatic();
}

export function t(key, vars = {}) {
  const text = TABLES[current][key] ?? STRINGS_EN[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (vars[name] === undefined ? whole : String(vars[name])));
}

// Numbers for this language (Intl): `digits` decimals exactly, grouped as the language groups them.
const formats = new Map();
export function number(value, digits = 0) {
  const key = `${current}/${digits}`;
  if (!formats.has(key)) {
    formats.set(key, new Intl.NumberFormat(current, { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  }
  return formats.get(key).format(value);
}

// The fixed words of index.html, from its data-i18n attributes.
export function applyStatic(root = document) {
  document.documentElement.lang = current;
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
  for (const node of root.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
  for (const node of root.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  const select = document.getElementById("lang");
  if (select) select.value = current;
}
