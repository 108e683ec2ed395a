// The daemon's global options in one dialog: the overall speed limit, the limit of each new download, how many
// downloads run at once, connections per download, the default directory (one of those the daemon allows), the
// speed schedule (the overall limit by local time, `haul daemon --speed-schedule`), the folder rules (where a
// download added without a directory goes by its name or type, `haul daemon --folder-rule`) and the queue schedule
// (when the queue runs, `haul daemon --queue-schedule`).
// Apply sends them at once (aria2.changeGlobalOption); the daemon keeps them across its restarts.
import { parseBytes } from "./format.js";
import { t } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);
let loaded = {}; // the options as the daemon last said them

// A limit as the field shows it: "500K", "2M" when it is a whole number of those (binary multiples, as
// parseBytes reads them), else bytes; "" for none.
export function limitText(value) {
  const limit = Number(value || 0);
  if (limit <= 0) return "";
  for (const [unit, size] of [["G", 1 << 30], ["M", 1 << 20], ["K", 1 << 10]]) {
    if (limit % size === 0) return `${limit / size}${unit}`;
  }
  return String(limit);
}

// Reads the daemon's options into the dialog (and the add dialog's directory list).
export async function loadSettings(rpc) {
  loaded = await rpc.call("aria2.getGlobalOption");
  $("#global-limit").value = limitText(loaded["max-overall-download-limit"]);
  $("#global-each").value = limitText(loaded["max-download-limit"]);
  $("#global-concurrent").value = loaded["max-concurrent-downloads"] || "";
  // One default, shown as it is: "auto" while Haul chooses each download's count (up to split), else the count.
  const auto = loaded["haul-connections"] === "auto";
  const most = loaded.split || "";
  $("#global-split").value = auto ? "" : most;
  $("#global-split").placeholder = auto ? t("connections.auto", { most }) : "";
  $("#add-split").placeholder = auto ? t("connections.auto", { most }) : most;
  // The counts one may type, as the daemon says them (`haul-connections-range`, ConnectionCount.range); index.html's
  // min and max hold until it answers.
  const [low, high] = String(loaded["haul-connections-range"] || "").split("-");
  if (low && high) for (const input of [$("#global-split"), $("#add-split")]) Object.assign(input, { min: low, max: high });
  $("#global-schedule").value = loaded["speed-schedule"] || "";
  $("#global-folder-rules").value = loaded["folder-rule"] || "";
  $("#global-queue-schedule").value = loaded["queue-schedule"] || "";
  const dirs = allowedDirectories(loaded);
  const select = $("#global-dir");
  select.replaceChildren();
  for (const dir of dirs) {
    const option = document.createElement("option");
    option.value = dir;
    option.textContent = dir;
    select.append(option);
  }
  select.value = loaded.dir || "";
  const list = $("#add-dirs");
  list.replaceChildren();
  for (const dir of dirs) {
    const option = document.createElement("option");
    option.value = dir;
    list.append(option);
  }
  $("#add-dir").placeholder = loaded.dir || "";
  return loaded;
}

// The default directory first, then the others the daemon allows (Haul's haul-allow-dir, one per line).
export function allowedDirectories(options) {
  const dirs = [options.dir, ...String(options["haul-allow-dir"] || "").split("\n")].filter(Boolean);
  return [...new Set(dirs)];
}

// The options that changed, as changeGlobalOption takes them; or an error text.
export function settingsChanges(fields, current) {
  const limit = parseBytes(fields.limit), each = parseBytes(fields.each);
  if (Number.isNaN(limit) || Number.isNaN(each)) return { error: t("settings.badLimit") };
  const wanted = {
    "max-overall-download-limit": String(limit),
    "max-download-limit": String(each),
    "max-concurrent-downloads": String(fields.concurrent || "").trim(),
    split: String(fields.split || "").trim(),
    dir: fields.dir || "",
  };
  const changes = {};
  for (const [name, value] of Object.entries(wanted)) {
    if (value !== "" && value !== String(current[name] ?? "")) changes[name] = value;
  }
  if (changes.split) changes["max-connection-per-server"] = changes.split;
  // A schedule may be cleared: empty is a value here.
  const schedule = String(fields.schedule ?? "").trim();
  if (fields.schedule !== undefined && schedule !== String(current["speed-schedule"] ?? "")) changes["speed-schedule"] = schedule;
  const folderRules = String(fields.folderRules ?? "").trim();
  if (fields.folderRules !== undefined && folderRules !== String(current["folder-rule"] ?? "")) changes["folder-rule"] = folderRules;
  const queueSchedule = String(fields.queueSchedule ?? "").trim();
  if (fields.queueSchedule !== undefined && queueSchedule !== String(current["queue-schedule"] ?? "")) changes["queue-schedule"] = queueSchedule;
  return { changes };
}

export function wireSettings(rpc, say) {
  const dialog = $("#settings-dialog"), error = $("#settings-error");
  $("#settings-open").addEventListener("click", async () => {
    error.hidden = true;
    try { await loadSettings(rpc); } catch (failure) { say(failure.message); return; }
    dialog.showModal();
    $("#global-limit").focus();
  });
  $("#settings-cancel").addEventListener("click", () => dialog.close());
  $("#settings-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const { changes, error: problem } = settingsChanges({
      limit: $("#global-limit").value, each: $("#global-each").value, concurrent: $("#global-concurrent").value,
      split: $("#global-split").value, dir: $("#global-dir").value, schedule: $("#global-schedule").value,
      folderRules: $("#global-folder-rules").value,
      queueSchedule: $("#global-queue-schedule").value,
    }, loaded);
    if (problem) { error.textContent = problem; error.hidden = false; return; }
    try {
      if (Object.keys(changes).length) await rpc.call("aria2.changeGlobalOption", changes);
      await loadSettings(rpc);
      error.hidden = true;
      dialog.close();
      say("");
    } catch (failure) { error.textContent = failure.message; error.hidden = false; }
  });
}
