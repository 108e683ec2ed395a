import { t } from "./i18n.js";
import { bytes } from "./format.js";
import { nameOf, STOPPED } from "./view.js";

// What each button (and key) asks of the daemon: the aria2 call for one download, or null when it does not apply
// to the download's state.
export function callFor(action, item, STOPPED) {
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

// Moves keep the selection's order among itself: "up" and "bottom" move the first selected first, "down"
// and "top" the last first (moving each to position 0 in turn would otherwise reverse them).
export function orderedSelection(action, queue, selected) {
  const gids = queue.filter((gid) => selected.has(gid));
  return action === "down" || action === "top" ? gids.reverse() : gids;
}

// Cancelling deletes what was downloaded so far (the partial file): the question asked first, as "Remove and
// delete file…" asks.
export function cancelQuestion(items, nameOf) {
  const kept = items.reduce((sum, item) => sum + (Number(item.completedLength) || 0), 0);
  return items.length === 1 ? t("confirm.cancelOne", { name: nameOf(items[0]), bytes: bytes(kept) })
    : t("confirm.cancelMany", { count: items.length, bytes: bytes(kept) });
}

// One action on several downloads (`items`: gid -> download), in one request; errors reported per download.
// Returns whether anything was asked (false when nothing applied or a cancel was not confirmed).
export async function perform(action, gids, items, { rpc, retries, say }) {
  const calls = gids.map((gid) => items.get(gid)).filter(Boolean).map((item) => callFor(action, item, STOPPED)).filter(Boolean);
  if (!calls.length) return false;
  // Cancelling deletes what was downloaded so far (the partial file): ask first, as "Remove and delete file…" does.
  if (action === "cancel") {
    const chosen = gids.map((gid) => items.get(gid)).filter((item) => item && !STOPPED.has(item.status));
    if (!window.confirm(cancelQuestion(chosen, nameOf))) return false;
  }
  // Haul's unpause retries a failed download: its outcome is said when it comes (feedback.js).
  const retried = ["toggle", "resume"].includes(action) ? gids.filter((gid) => items.get(gid)?.status === "error") : [];
  retries.started(retried);
  try {
    const results = await rpc.multicall(calls);
    const failures = results.filter((entry) => !Array.isArray(entry)).map((entry) => entry.message || entry.faultString || "error");
    if (failures.length) say(t("refused", { failed: failures.length, count: calls.length, reason: failures[0] }));
    else if (retries.pending.has(retried[0])) say(t("retry.sent", { name: nameOf(items.get(retried[0])) }), "note");
    else say("");
  } catch (error) { say(error.message); }
  return true;
}
