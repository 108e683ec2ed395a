// Speed over the last minute as an SVG line with the area under it, drawn by the page (no library): one sample a
// second, the vertical scale from 0 to the largest sample shown. The total sits in the header, each download's
// own in its detail dialog. Also the run's totals: bytes received while the page was open and the peak speed.
const SVG = "http://www.w3.org/2000/svg";
export const SAMPLES = 60;

// Samples (bytes per second, newest last) as points in a viewBox of width × height.
export function chartPoints(samples, width, height) {
  const top = Math.max(1, ...samples);
  const step = width / (SAMPLES - 1);
  const start = SAMPLES - samples.length;
  return samples.map((value, index) => [
    Math.round((start + index) * step * 10) / 10,
    Math.round((height - (Math.max(0, value) / top) * (height - 2)) * 10) / 10,
  ]);
}

// Draws `samples` into an <svg> with a viewBox: a polyline (class "line") and a polygon under it (class "area").
export function drawChart(svg, samples) {
  const [, , width, height] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
  let line = svg.querySelector(".line"), area = svg.querySelector(".area");
  if (!line) {
    area = document.createElementNS(SVG, "polygon");
    area.setAttribute("class", "area");
    line = document.createElementNS(SVG, "polyline");
    line.setAttribute("class", "line");
    svg.append(area, line);
  }
  const points = chartPoints(samples, width, height);
  const text = points.map(([x, y]) => `${x},${y}`).join(" ");
  line.setAttribute("points", text);
  line.dataset.count = String(points.length);
  area.setAttribute("points", points.length ? `${points[0][0]},${height} ${text} ${points[points.length - 1][0]},${height}` : "");
}

// A minute of samples for the total and for each download, and the run's totals.
export class SpeedHistory {
  constructor() {
    this.total = [];
    this.each = new Map();
    this.received = 0; // bytes that arrived while the page watched
    this.peak = 0;
    this.last = new Map(); // gid -> completedLength at the previous sample
  }

  // One sample from the downloads as they are now (the page's rows); `overall`: the speed of every running
  // download together (the daemon's, which counts those off the page), else the rows' sum.
  sample(items, overall = null) {
    let total = 0;
    const seen = new Set();
    for (const item of items) {
      seen.add(item.gid);
      const done = Number(item.completedLength) || 0;
      const before = this.last.get(item.gid);
      if (before !== undefined && done > before) this.received += done - before;
      this.last.set(item.gid, done);
      const speed = item.status === "active" ? Number(item.downloadSpeed) || 0 : 0;
      total += speed;
      const list = this.each.get(item.gid) || [];
      push(list, speed);
      this.each.set(item.gid, list);
    }
    for (const gid of [...this.each.keys()]) if (!seen.has(gid)) { this.each.delete(gid); this.last.delete(gid); }
    if (overall !== null) total = overall;
    push(this.total, total);
    this.peak = Math.max(this.peak, total);
  }
}

function push(list, value) {
  list.push(value);
  if (list.length > SAMPLES) list.splice(0, list.length - SAMPLES);
}
