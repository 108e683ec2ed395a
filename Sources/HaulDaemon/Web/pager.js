// The list a page at a time: the daemon finds, filters and sorts the whole queue (haul.listDownloads) and answers
// one page of it, so that a queue of 30,000 is neither downloaded into the page nor cut at the first thousand.
// Pure helpers: the query for the model's page, the offset each page button goes to, the pager's line.
import { t, number } from "./i18n.js";

export const PAGE = 100;

// haul.listDownloads' query for what the person asked to see ("all" is no status filter).
export function queryOf({ filter, query, sort, offset }) {
  const asked = { search: query || "", sort, offset, limit: PAGE };
  if (filter !== "all") asked.status = filter;
  return asked;
}

// The offset a pager button leads to, among `total` matching downloads (the first page's when there are none).
export function offsetFor(button, offset, total) {
  const last = total > 0 ? Math.floor((total - 1) / PAGE) * PAGE : 0;
  switch (button) {
    case "first": return 0;
    case "prev": return Math.max(0, offset - PAGE);
    case "next": return Math.min(last, offset + PAGE);
    case "last": return last;
    default: return Math.min(offset, last);
  }
}

// The pager under the list: "101–200 of 30,000", its buttons enabled where they lead somewhere; hidden while
// every match fits in one page.
export function drawPager(nav, { offset, total }, shown) {
  nav.hidden = total <= PAGE && offset === 0;
  nav.querySelector("#page-where").textContent = total
    ? t("page.where", { from: number(Math.min(offset + 1, total)), to: number(Math.min(offset + shown, total)), total: number(total) })
    : "";
  const last = offsetFor("last", offset, total);
  for (const [id, enabled] of [["page-first", offset > 0], ["page-prev", offset > 0], ["page-next", offset < last], ["page-last", offset < last]]) {
    nav.querySelector(`#${id}`).disabled = !enabled;
  }
}
