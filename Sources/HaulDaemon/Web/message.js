// The page's one message, over the bottom of the window (it never pushes the list down): an error stays until it
// is clicked or cleared; a note (what an action did: "Added …") goes by itself after a few seconds.
const NOTE_SECONDS = 8;
let timer = null;

export function say(text, kind = "error") {
  const message = document.getElementById("message");
  message.textContent = text;
  message.hidden = !text;
  message.dataset.kind = kind;
  clearTimeout(timer);
  if (text && kind === "note") timer = setTimeout(() => say(""), NOTE_SECONDS * 1000);
}

export function wireMessage() {
  document.getElementById("message").addEventListener("click", () => say(""));
}
