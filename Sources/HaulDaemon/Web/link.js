// The header's line about the link to the daemon, kept as an i18n key so that a change of language rewrites it,
// and the countdown to the next try while the link is down.
import { t } from "./i18n.js";

let shown = ["link.connecting", {}];
let retryAt = null;

export function setLink(key, vars = {}) {
  shown = [key, vars];
  const line = document.getElementById("link");
  line.textContent = t(key, vars);
  line.title = line.textContent; // a phone cuts the line short
}

// The line again, in the page's language now.
export function sayLinkAgain() {
  setLink(...shown);
}

// Counts down to `at` (a time in ms, or null for no retry planned), once a second.
export function countDown(at) {
  retryAt = at || null;
  tick();
}

function tick() {
  if (!retryAt) return;
  const seconds = Math.max(0, Math.ceil((retryAt - Date.now()) / 1000));
  setLink("link.retry", { seconds });
  if (seconds > 0) setTimeout(tick, 1000);
}
