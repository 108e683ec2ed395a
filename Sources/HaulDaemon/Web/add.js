// The Add dialog: several URLs (one a line), or a Metalink file (aria2.addMetalink, base64), with the options a
// download manager offers: name, directory (one the daemon allows), connections, checksum, mirrors of the same
// file (more URIs of one addUri), referer, cookies and headers. Links or a Metalink file dropped on the page
// open the dialog filled in.
import { t } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);
const lines = (text) => String(text || "").split("\n").map((line) => line.trim()).filter((line) => line && !line.startsWith("#"));
const METALINK = /\.(meta4|metalink)$/i;

// aria2 writes digests as "sha-256=HEX"; haul as "sha256=HEX". Either is accepted here.
export function aria2Checksum(text) {
  const match = /^\s*(md5|sha-?1|sha-?224|sha-?256|sha-?384|sha-?512)\s*[=:]\s*([0-9a-f]+)\s*$/i.exec(text);
  if (!match) return null;
  const algorithm = match[1].toLowerCase().replace(/^sha-?/, "sha-");
  return `${algorithm}=${match[2].toLowerCase()}`;
}

// A directory the daemon allows: one of them or inside one (a relative one is inside the default directory).
export function allowedDirectory(dir, allowed) {
  if (!dir || !dir.startsWith("/") || !allowed.length) return true;
  const bare = dir.replace(/\/+$/, "") || "/";
  return allowed.some((root) => bare === root || bare.startsWith(root.endsWith("/") ? root : `${root}/`));
}

// The dialog's fields as RPC calls ({ calls }) or what is wrong with them ({ error }). `metalink`: the file's
// base64 text, or "".
export function addCalls(fields, allowed = []) {
  const urls = lines(fields.urls), mirrors = lines(fields.mirrors), headers = lines(fields.headers);
  const out = String(fields.out || "").trim(), dir = String(fields.dir || "").trim();
  const split = String(fields.split || "").trim(), checksum = String(fields.checksum || "").trim();
  const referer = String(fields.referer || "").trim(), cookie = String(fields.cookie || "").trim();
  const badHeader = headers.find((line) => !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+:\s*\S/.test(line));
  const one = urls.length === 1;
  const error = fields.metalink && urls.length ? t("add.metalinkOnly")
    : !fields.metalink && !urls.length ? t("add.noURL")
    : out && (!one || fields.metalink) ? t("add.oneName")
    : checksum && !aria2Checksum(checksum) ? t("add.badChecksum")
    : checksum && !one ? t("add.oneChecksum")
    : mirrors.length && !one ? t("add.oneMirror")
    : badHeader ? t("add.badHeader", { line: badHeader })
    : !allowedDirectory(dir, allowed) ? t("add.badDir", { dirs: allowed.join(", ") }) : "";
  if (error) return { error };
  const options = {};
  if (out) options.out = out;
  if (dir) options.dir = dir;
  if (split) { options.split = split; options["max-connection-per-server"] = split; }
  if (checksum) options.checksum = aria2Checksum(checksum);
  if (referer) options.referer = referer;
  const header = [...headers, ...(cookie ? [`Cookie: ${cookie}`] : [])];
  if (header.length) options.header = header;
  if (fields.paused) options.pause = "true";
  if (fields.metalink) return { calls: [["aria2.addMetalink", fields.metalink, options]] };
  return { calls: urls.map((url) => ["aria2.addUri", one ? [url, ...mirrors] : [url], options]) };
}

// A file's bytes as base64 (addMetalink's form).
async function base64Of(file) {
  const data = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let at = 0; at < data.length; at += 0x8000) binary += String.fromCharCode(...data.subarray(at, at + 0x8000));
  return btoa(binary);
}

export function openAdd() {
  $("#add-error").hidden = true;
  const dialog = $("#add-dialog");
  if (!dialog.open) dialog.showModal();
  $("#add-urls").focus();
}

// `context`: { rpc, refresh, added(gids), allowed() } — the connection, the list's refresh, what shows the new
// downloads (it refreshes too), the directories the daemon allows.
export function wireAdd({ rpc, refresh, added, allowed }) {
  const error = $("#add-error"), form = $("#add-form");
  const fail = (text) => { error.textContent = text; error.hidden = false; };
  $("#add-cancel").addEventListener("click", () => $("#add-dialog").close());
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = $("#add-metalink").files[0];
    let metalink = "";
    if (file) {
      try { metalink = await base64Of(file); } catch { fail(t("add.readFailed", { name: file.name })); return; }
    }
    const value = (id) => $(id).value;
    const { calls, error: problem } = addCalls({
      urls: value("#add-urls"), mirrors: value("#add-mirrors"), headers: value("#add-headers"), out: value("#add-out"),
      dir: value("#add-dir"), split: value("#add-split"), checksum: value("#add-checksum"), referer: value("#add-referer"),
      cookie: value("#add-cookie"), paused: $("#add-paused").checked, metalink,
    }, allowed());
    if (problem) { fail(problem); return; }
    try {
      const results = await rpc.multicall(calls);
      const failures = results.filter((entry) => !Array.isArray(entry));
      if (failures.length) {
        fail(t("add.refused", { failed: failures.length, count: calls.length, reason: failures[0].message || failures[0].faultString }));
      } else {
        error.hidden = true;
        form.reset();
        $("#add-dialog").close();
        // addUri answers [gid], addMetalink [[gid, ...]].
        await added(results.flat(2));
        return;
      }
    } catch (failure) { fail(failure.message); }
    await refresh();
  });
  wireDrop();
}

// Dragging links or a Metalink file over the page shows where to drop; dropping fills the Add dialog.
function wireDrop() {
  const overlay = $("#drop");
  const carries = (event) => [...(event.dataTransfer?.types || [])].some((type) => ["Files", "text/uri-list", "text/plain"].includes(type));
  document.addEventListener("dragover", (event) => {
    if (!carries(event) || document.body.dataset.live !== "true") return;
    event.preventDefault();
    overlay.hidden = false;
  });
  document.addEventListener("dragleave", (event) => { if (!event.relatedTarget) overlay.hidden = true; });
  document.addEventListener("drop", (event) => {
    overlay.hidden = true;
    if (!carries(event) || document.body.dataset.live !== "true") return;
    event.preventDefault();
    const transfer = event.dataTransfer;
    const files = [...transfer.files].filter((file) => METALINK.test(file.name));
    if (files.length) {
      const one = new DataTransfer();
      one.items.add(files[0]);
      $("#add-metalink").files = one.files;
      $("#add-urls").value = "";
    } else {
      const text = transfer.getData("text/uri-list") || transfer.getData("text/plain") || "";
      const urls = lines(text).filter((line) => /^https?:\/\//i.test(line));
      if (!urls.length) return;
      const field = $("#add-urls");
      field.value = [...lines(field.value), ...urls].join("\n");
    }
    openAdd();
  });
}
