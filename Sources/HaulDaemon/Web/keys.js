// The keyboard on the list: ↑ ↓ (and Home, End) move between downloads, Space pauses, resumes or retries the
// chosen one, Delete cancels it (with the same question as the Cancel button) or removes a finished one from the
// list, Enter opens its detail. One row at a time is in the Tab order (a roving tabindex): Tab reaches the list
// once, then the row's own buttons.
export function wireKeys(list, { act, openDetail, statusOf, stopped, onMove }) {
  list.addEventListener("keydown", (event) => {
    const row = event.target.closest(".row");
    if (!row || event.altKey || event.ctrlKey || event.metaKey) return;
    const rows = [...list.querySelectorAll(".row")];
    const index = rows.indexOf(row);
    const go = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 }[event.key];
    if (go !== undefined) {
      event.preventDefault();
      const next = rows[Math.max(0, Math.min(rows.length - 1, go))];
      if (next) { onMove(next.dataset.gid); next.focus(); }
      return;
    }
    // Space and Enter on a button inside the row press that button, as everywhere.
    if (event.target !== row) return;
    const gid = row.dataset.gid;
    // After the action the focus stays in the list (on the next row when this one went away).
    const refocus = () => {
      const again = list.querySelector('.row[tabindex="0"]');
      if (again && !list.contains(document.activeElement)) again.focus();
    };
    if (event.key === " ") {
      event.preventDefault();
      Promise.resolve(act("toggle", [gid])).then(refocus);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      Promise.resolve(act(stopped.has(statusOf(gid)) ? "remove" : "cancel", [gid])).then(refocus);
    } else if (event.key === "Enter") {
      event.preventDefault();
      openDetail(gid);
    }
  });
  list.addEventListener("focusin", (event) => {
    const row = event.target.closest(".row");
    if (row) onMove(row.dataset.gid);
  });
}

// Marks the chosen row: it alone has tabindex 0 (the first row when none was chosen or it went away).
export function markCurrent(list, gid) {
  const rows = [...list.querySelectorAll(".row")];
  const current = rows.find((row) => row.dataset.gid === gid) || rows[0];
  for (const row of rows) {
    const on = row === current;
    row.tabIndex = on ? 0 : -1;
    row.classList.toggle("current", on && row.dataset.gid === gid);
    row.setAttribute("aria-current", on && row.dataset.gid === gid ? "true" : "false");
  }
}
