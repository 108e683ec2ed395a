// Light or dark colours: as the system says (prefers-color-scheme) until the person picks one with the switch,
// which cycles auto → light → dark and is remembered (localStorage). The colours themselves are in app.css.
import { t } from "./i18n.js";

const THEME_KEY = "haul.theme";
const CYCLE = ["auto", "light", "dark"];

export function theme() {
  const chosen = localStorage.getItem(THEME_KEY);
  return CYCLE.includes(chosen) ? chosen : "auto";
}

// <html data-theme="light|dark"> overrides the system's choice; without it app.css follows the media query.
export function applyTheme() {
  const chosen = theme();
  if (chosen === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = chosen;
  const button = document.getElementById("theme");
  if (!button) return;
  // "◐ Auto": the sign, and the word (which a phone hides; the button's aria-label names it either way).
  const [sign, ...words] = t(`theme.${chosen}`).split(" ");
  const signNode = document.createElement("span");
  signNode.textContent = sign;
  signNode.setAttribute("aria-hidden", "true");
  const word = document.createElement("span");
  word.className = "word";
  word.textContent = ` ${words.join(" ")}`;
  button.replaceChildren(signNode, word);
  button.setAttribute("aria-label", `${t("theme.title")}: ${words.join(" ")}`);
}

export function wireTheme() {
  document.getElementById("theme").addEventListener("click", () => {
    localStorage.setItem(THEME_KEY, CYCLE[(CYCLE.indexOf(theme()) + 1) % CYCLE.length]);
    applyTheme();
  });
  applyTheme();
}
