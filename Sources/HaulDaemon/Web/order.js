// Which rows the list shows and in what order: the state filter, the search box (over names and URLs) and the
// sort. Pure functions of the model; app.js decides when a new order may be drawn (never under the pointer).

// Does a download match the search text? Every word must appear in its name, its URL or its directory.
export function matches(item, query, name) {
  const words = String(query || "").toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const file = (item.files && item.files[0]) || {};
  const uris = (file.uris || []).map((uri) => uri.uri).join(" ");
  const haystack = `${name} ${uris} ${file.path || ""}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

const number = (value) => Number(value) || 0;
const progress = (item) => (number(item.totalLength) > 0 ? number(item.completedLength) / number(item.totalLength)
  : item.status === "complete" ? 1 : 0);

// The comparators: name A→Z (the language's collation), the others largest first. Ties keep the added order.
const BY = {
  name: (a, b, names, collator) => collator.compare(names.get(a.gid), names.get(b.gid)),
  size: (a, b) => number(b.totalLength) - number(a.totalLength),
  progress: (a, b) => progress(b) - progress(a),
  speed: (a, b) => (b.status === "active" ? number(b.downloadSpeed) : -1) - (a.status === "active" ? number(a.downloadSpeed) : -1),
};

// `order`: GIDs in the order they were added; `items`: gid -> download; returns the GIDs to draw, in order.
export function arrange(order, items, { filter = "all", query = "", sort = "added", lang = "en", nameOf }) {
  const names = new Map(order.map((gid) => [gid, nameOf(items.get(gid))]));
  const shown = order.filter((gid) => {
    const item = items.get(gid);
    return (filter === "all" || item.status === filter) && matches(item, query, names.get(gid));
  });
  const compare = BY[sort];
  if (!compare) return shown;
  const collator = new Intl.Collator(lang, { numeric: true, sensitivity: "base" });
  const place = new Map(order.map((gid, index) => [gid, index]));
  return shown.sort((a, b) => compare(items.get(a), items.get(b), names, collator) || place.get(a) - place.get(b));
}

// The order to draw while the pointer is over the list: rows already drawn keep their places (a click lands on
// the row it was aimed at), rows that are new go last; the sort applies once the pointer leaves.
export function holdOrder(drawn, wanted) {
  const want = new Set(wanted);
  const kept = drawn.filter((gid) => want.has(gid));
  const have = new Set(kept);
  return [...kept, ...wanted.filter((gid) => !have.has(gid))];
}

// The lists tellActive, tellWaiting and tellStopped answered, merged into the list's next state: `items` (gid ->
// download), `order` (the rows' places) and `queue` (aria2's order). `previous`: the model before; `resort`: the
// person moved downloads in the queue.
export function mergeLists(lists, previous, resort) {
  const items = new Map();
  const queue = [];
  for (const item of lists.flat()) {
    const old = previous.items.get(item.gid);
    if (old && old.secondsRemaining !== undefined && item.status === "active") item.secondsRemaining = old.secondsRemaining;
    // The three lists are read one after the other: a download that changed state between them is in two. The
    // later answer is the newer state; the first place is kept.
    if (!items.has(item.gid)) queue.push(item.gid);
    items.set(item.gid, item);
  }
  // Rows keep their places; new ones come last, in the order they were added (Haul's GID is its database id in
  // 16 hex digits, so sorting GIDs sorts by age; the page shows the same order after a reload). Each once.
  const known = new Set();
  const order = [];
  for (const gid of [...previous.order, ...[...queue].sort()]) {
    if (items.has(gid) && !known.has(gid)) { known.add(gid); order.push(gid); }
  }
  if (resort) {
    // After a move the queued and paused rows take the queue's order among the places they hold.
    const movable = (gid) => ["waiting", "paused"].includes(items.get(gid).status);
    const queued = queue.filter(movable);
    order.forEach((gid, index) => { if (movable(gid)) order[index] = queued.shift(); });
  }
  return { items, order, queue };
}
