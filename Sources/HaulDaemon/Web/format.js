// Numbers as the haul CLI writes them (HaulCore's ByteCount and DurationText): binary units with three
// significant digits ("512 B", "1.50 KiB", "120 MiB"), rates with "/s", durations "42s", "3m05s", "1h02m".
// The unit changes at 1000 of the smaller one, so that a number never takes four digits: 1000 KiB/s is
// "0.98 MiB/s", not "1000 KiB/s" (the speed column keeps its width). The digits are written for the page's
// language (Intl.NumberFormat through i18n.js), the unit symbols are the same in every language.
import { number, t } from "./i18n.js";

const UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];

function threeSignificant(value) {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return number(Math.round(value * 10 ** digits) / 10 ** digits, digits);
}

export function bytes(count) {
  let value = Number(count) || 0;
  let unit = 0;
  while (Math.abs(value) >= 999.5 && unit < UNITS.length - 1) { value /= 1024; unit += 1; }
  return unit === 0 ? `${number(Math.trunc(value))} B` : `${threeSignificant(value)} ${UNITS[unit]}`;
}

export function rate(perSecond) {
  const value = Number(perSecond);
  return Number.isFinite(value) && value >= 0 ? `${bytes(value)}/s` : "-";
}

export function duration(seconds) {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0 || seconds >= 100 * 86400) return "--";
  const total = Math.ceil(seconds);
  const days = Math.floor(total / 86400), hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60), secs = total % 60;
  const two = (n) => (n < 10 ? `0${n}` : `${n}`);
  if (days > 0) return t("duration.d", { d: days, h: two(hours) });
  if (hours > 0) return t("duration.h", { h: hours, m: two(minutes) });
  if (minutes > 0) return t("duration.m", { m: minutes, s: two(secs) });
  return t("duration.s", { s: secs });
}

// "500K", "2M", "1.5G", "1048576" -> bytes (binary multiples, as `haul --limit-rate`); "" or "0" -> 0; else NaN.
export function parseBytes(text) {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:I?B)?\s*$/i.exec(text || "0");
  if (!match) return NaN;
  const power = { "": 0, K: 1, M: 2, G: 3, T: 4 }[match[2].toUpperCase()];
  return Math.round(Number(match[1]) * 1024 ** power);
}

// The file name of a path or URL, for display.
export function baseName(pathOrURL) {
  const text = String(pathOrURL || "");
  const trimmed = text.replace(/[?#].*$/, "").replace(/\/+$/, "");
  const name = trimmed.slice(trimmed.lastIndexOf("/") + 1);
  try { return decodeURIComponent(name) || text; } catch { return name || text; }
}
