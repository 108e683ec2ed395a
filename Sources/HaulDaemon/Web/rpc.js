// aria2's JSON-RPC over one WebSocket (the daemon's /jsonrpc), with the secret as aria2 takes it
// ("token:SECRET" first), notifications, and reconnection with backoff. No polling: the daemon pushes.

export class RPCError extends Error {
  constructor(code, message) { super(message); this.code = code; }
  get unauthorized() { return this.code === 1 && /unauthori[sz]ed/i.test(this.message); }
}

export class Connection {
  constructor(url, { onState, onNotification } = {}) {
    this.url = url;
    this.secret = "";
    this.onState = onState || (() => {});
    this.onNotification = onNotification || (() => {});
    this.nextID = 1;
    this.pending = new Map();
    this.socket = null;
    this.attempt = 0;
    this.timer = null;
    this.closedOnPurpose = false;
  }

  // Opens the socket now; on loss, reopens after 1, 2, 4 ... 30 s (each with up to 30 % jitter).
  open() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    let socket;
    try { socket = new WebSocket(this.url); } catch (error) { this.scheduleRetry(String(error)); return; }
    this.socket = socket;
    this.onState({ state: "connecting" });
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.onState({ state: "open" });
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      for (const { reject } of this.pending.values()) reject(new RPCError(-1, "the connection to the daemon closed"));
      this.pending.clear();
      if (!this.closedOnPurpose) this.scheduleRetry();
    });
  }

  // Try again at once (the page became visible, the network came back).
  retryNow() {
    if (this.socket || this.closedOnPurpose) return;
    this.attempt = 0;
    this.open();
  }

  scheduleRetry() {
    const base = Math.min(30, 2 ** this.attempt);
    const delay = base * (1 + Math.random() * 0.3);
    this.attempt += 1;
    const at = Date.now() + delay * 1000;
    this.onState({ state: "closed", retryAt: at });
    this.timer = setTimeout(() => this.open(), delay * 1000);
  }

  receive(text) {
    let message;
    try { message = JSON.parse(text); } catch { return; }
    for (const item of Array.isArray(message) ? message : [message]) {
      if (item && item.id !== undefined && item.id !== null && this.pending.has(item.id)) {
        const { resolve, reject } = this.pending.get(item.id);
        this.pending.delete(item.id);
        if (item.error) reject(new RPCError(item.error.code, item.error.message || "error"));
        else resolve(item.result);
      } else if (item && typeof item.method === "string") {
        this.onNotification(item.method, item.params || []);
      }
    }
  }

  // Calls an aria2 method with the secret prepended (system.* methods take it inside their own calls).
  call(method, ...params) {
    const withToken = method.startsWith("system.") ? params : [`token:${this.secret}`, ...params];
    return this.send({ jsonrpc: "2.0", id: this.nextID++, method, params: withToken });
  }

  // Several calls in one message (system.multicall): results in order, each [value] or an error object.
  multicall(calls) {
    const list = calls.map(([methodName, ...params]) => ({ methodName, params: [`token:${this.secret}`, ...params] }));
    return this.send({ jsonrpc: "2.0", id: this.nextID++, method: "system.multicall", params: [list] });
  }

  send(request) {
    return new Promise((resolve, reject) => {
      if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
        reject(new RPCError(-1, "not connected to the daemon"));
        return;
      }
      this.pending.set(request.id, { resolve, reject });
      this.socket.send(JSON.stringify(request));
      setTimeout(() => {
        if (this.pending.delete(request.id)) reject(new RPCError(-1, `${request.method}: no answer in 20 s`));
      }, 20000);
    });
  }
}
