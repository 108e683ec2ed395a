// The browser's notifications when a download completes or fails. Off until the person clicks the button (the
// browser asks for permission only after a click); the choice is remembered (localStorage).
import { t } from "./i18n.js";

const NOTIFY_KEY = "haul.notify";
const supported = () => typeof Notification === "function";
const wanted = () => localStorage.getItem(NOTIFY_KEY) === "on";
export const notifying = () => supported() && wanted() && Notification.permission === "granted";

export function drawNotifyButton() {
  const button = document.getElementById("notify");
  button.hidden = !supported();
  button.setAttribute("aria-pressed", String(notifying()));
  button.textContent = t(notifying() ? "notify.on" : "notify.off");
}

export function wireNotify(say) {
  document.getElementById("notify").addEventListener("click", async () => {
    if (notifying()) {
      localStorage.setItem(NOTIFY_KEY, "off");
    } else {
      const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      localStorage.setItem(NOTIFY_KEY, answer === "granted" ? "on" : "off");
      if (answer !== "granted") say(t("notify.blocked"));
    }
    drawNotifyButton();
  });
  drawNotifyButton();
}

// `outcome`: "done" or "failed"; one notification per download and outcome (the tag replaces a repeat).
export function notifyOutcome(outcome, name, gid) {
  if (!notifying()) return;
  try {
    new Notification(t(outcome === "done" ? "notify.done" : "notify.failed"), { body: name, tag: `${gid}-${outcome}` });
  } catch { /* a browser that only allows notifications from a service worker: nothing to show */ }
}
