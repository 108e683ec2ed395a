// The secret arrives in the fragment of the link haul daemon prints (#secret=...), which never reaches a server or
// a log. It is kept for this tab only (sessionStorage) and taken out of the address bar and the history as soon as
// it is read: when the page loads, and when the link is pasted into a tab already open (only the fragment changes
// then: the page is not loaded again, and without this it would neither sign in nor forget the secret).
const SECRET_KEY = "haul.secret";

export const keptSecret = () => sessionStorage.getItem(SECRET_KEY) || "";
export const keepSecret = (secret) => sessionStorage.setItem(SECRET_KEY, secret);

// The secret in the fragment, now kept and gone from the address bar; null when the fragment holds none.
export function takeSecretFromFragment() {
  const match = /(?:^|[#&])secret=([^&]*)/.exec(location.hash);
  if (!match) return null;
  let secret = match[1];
  try { secret = decodeURIComponent(secret); } catch { /* kept as it came */ }
  keepSecret(secret);
  // replaceState rewrites the history entry that held the secret: neither the address bar nor Back shows it.
  window.history.replaceState(null, "", location.pathname + location.search);
  return secret;
}

// Calls signIn(secret) each time a link with a secret is opened in this tab without a reload.
export function watchFragment(signIn) {
  window.addEventListener("hashchange", () => {
    const secret = takeSecretFromFragment();
    if (secret !== null) signIn(secret);
  });
}
