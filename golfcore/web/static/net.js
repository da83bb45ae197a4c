// The WebSocket client: one request, one reply matched by its id; pushes (no id) go to the
// listeners; a lost connection is retried with a growing delay, and the page is told (so it
// can `open` its tokens again: a new connection plays no seat until it does).

export class Net {
  constructor(url) {
    this.url = url || defaultUrl();
    this.ws = null;
    this.nextId = 1;
    this.pending = new Map();      // id -> {resolve, reject, onProgress}
    this.queue = [];               // messages waiting for the socket to open
    this.pushListeners = [];
    this.statusListeners = [];
    this.delay = 500;
    this.everOpened = false;
    this.open = false;
    this.connect();
  }

  connect() {
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      const reconnect = this.everOpened;
      this.everOpened = true;
      this.open = true;
      this.delay = 500;
      const waiting = this.queue;
      this.queue = [];
      for (const [id, text] of waiting) {
        // After a reconnection the new socket plays no seat yet: the page opens its tokens
        // again first, so requests queued while the socket was down are dropped.
        if (!reconnect) ws.send(text);
        else if (this.pending.has(id)) {
          this.pending.get(id).reject(new Error("connection lost"));
          this.pending.delete(id);
        }
      }
      this.emitStatus(reconnect ? "reconnected" : "connected");
    });
    ws.addEventListener("message", (event) => this.receive(event.data));
    ws.addEventListener("close", () => {
      const wasOpen = this.open;
      this.open = false;
      if (this.ws !== ws) return;
      this.ws = null;
      // Requests in flight get no reply from a closed socket: fail them.
      const queued = new Set(this.queue.map(([id]) => id));
      for (const [id, p] of this.pending) {
        if (!queued.has(id)) { p.reject(new Error("connection lost")); this.pending.delete(id); }
      }
      if (wasOpen) this.emitStatus("lost");
      this.scheduleReconnect();
    });
    ws.addEventListener("error", () => { /* a close event follows */ });
  }

  scheduleReconnect() {
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, 8000);
    setTimeout(() => this.connect(), wait);
  }

  receive(text) {
    let msg;
    try { msg = JSON.parse(text); } catch (e) { return; }
    if (msg && msg.push) {
      if (msg.push === "progress" && this.pending.has(msg.id)) {
        const p = this.pending.get(msg.id);
        if (p.onProgress) p.onProgress(msg);
        return;
      }
      for (const fn of this.pushListeners) fn(msg);
      return;
    }
    if (msg && msg.id !== undefined && this.pending.has(msg.id)) {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      p.resolve(msg);
    }
  }

  // Send a request; resolves with the reply (ok or not). Rejects only on a lost connection.
  request(cmd, fields, options) {
    const id = this.nextId++;
    const msg = Object.assign({ id, cmd }, fields || {});
    const text = JSON.stringify(msg);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress: options && options.onProgress });
      if (this.ws && this.open) this.ws.send(text);
      else this.queue.push([id, text]);
    });
  }

  onPush(fn) { this.pushListeners.push(fn); }
  onStatus(fn) { this.statusListeners.push(fn); }
  emitStatus(status) { for (const fn of this.statusListeners) fn(status); }
}

function defaultUrl() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}/ws`;
}
