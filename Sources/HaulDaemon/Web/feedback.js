// What the page says after an action whose effect could go unseen: a failed download tried again that fails the
// same way looks unchanged, so its outcome is said when it comes and its row says it failed again.
import { t } from "./i18n.js";

export class Retries {
  constructor() {
    this.pending = new Map(); // gid -> when Retry was pressed, until the outcome arrives
    this.failedAgain = new Map(); // gid -> when the retry that failed again was pressed
  }

  // Retry was pressed for these downloads (before the call is sent: the outcome may arrive before its answer).
  started(gids) {
    const at = new Date();
    for (const gid of gids) {
      this.pending.set(gid, at);
      this.failedAgain.delete(gid);
    }
  }

  // A download completed ("done") or failed: [message, kind] to show, or null when it was not being retried.
  outcome(outcome, gid, name, reason) {
    const at = this.pending.get(gid);
    if (!at) return null;
    this.pending.delete(gid);
    if (outcome === "done") return [t("retry.done", { name }), "note"];
    this.failedAgain.set(gid, at);
    return [t("retry.failed", { name, reason }), "error"];
  }

  // When a failed download was last tried again (for its row), or null.
  triedAt(item) {
    return item.status === "error" ? this.failedAgain.get(item.gid) || null : null;
  }
}

// Says the outcomes heard since the last read of the list (`pending`: [outcome, gid, reads]), each with its
// download's name and reason (`find(gid)`: the download, or undefined), as a notification and, for a retry, a
// message. The daemon may list a download as failed a moment before its reason is stored ("failed" alone): that
// outcome waits for a later read (a few at most), so that it is said with its reason. Returns those that wait.
export function sayOutcomes(pending, find, { retries, notify, say, nameOf, failureText }) {
  const later = [];
  for (const [outcome, gid, reads = 0] of pending) {
    const item = find(gid);
    if (outcome === "failed" && item && (!item.errorMessage || item.errorMessage === "failed") && reads < 10) {
      later.push([outcome, gid, reads + 1]);
      continue;
    }
    const name = item ? nameOf(item) : gid;
    notify(outcome, name, gid);
    const said = retries.outcome(outcome, gid, name, item ? failureText(item) : "");
    if (said) say(...said);
  }
  return later;
}
