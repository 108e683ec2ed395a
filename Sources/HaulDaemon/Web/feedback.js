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
