// The client side of `npm run bench` and `npm run load`: a lean keep-alive HTTP/1.1 connection for
// the load loops, node's own client for the few calls around them, and percentiles.
import http from 'node:http';
import net from 'node:net';

export type Answer = { status: number; bytes: number };

/** The value below which `p` % of the sorted values lie (0 for none). */
export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

/**
 * A lean HTTP/1.1 keep-alive client for the load loops: one socket per simulated client, the
 * request written as one string, the answer read by its Content-Length (or chunked end) with no
 * header objects. node's http client costs several times the CPU per request, and on two cores
 * that CPU is taken from the server being measured.
 */
export class LeanConnection {
  private socket: net.Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: { resolve: (value: Answer) => void; reject: (error: Error) => void } | null = null;

  constructor(private readonly port: number) {}

  private connect(): net.Socket {
    const socket = net.connect({ host: '127.0.0.1', port: this.port, noDelay: true });
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.tryFinish();
    });
    const fail = (error: Error) => {
      this.socket = null;
      this.buffer = Buffer.alloc(0);
      const pending = this.pending;
      this.pending = null;
      pending?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
    return socket;
  }

  private tryFinish(): void {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.pending) return;
    const head = this.buffer.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let total: number;
    if (length) {
      total = end + 4 + Number(length[1]);
      if (this.buffer.length < total) return;
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const last = this.buffer.indexOf('\r\n0\r\n\r\n', end);
      if (last < 0) return;
      total = last + 7;
    } else if (status === 204 || status === 304) {
      // No body, by definition.
      total = end + 4;
    } else return;
    const bytes = total - end - 4;
    this.buffer = this.buffer.subarray(total);
    const pending = this.pending;
    this.pending = null;
    pending.resolve({ status, bytes });
  }

  get(urlPath: string, token?: string): Promise<Answer> {
    return this.send('GET', urlPath, token ? `Authorization: Bearer ${token}\r\n` : '');
  }

  /**
   * One request: `headers` are whole header lines (each ending in CRLF); a body is sent as JSON
   * with its length.
   */
  send(method: string, urlPath: string, headers = '', body?: unknown): Promise<Answer> {
    this.socket ??= this.connect();
    const data = body === undefined ? null : Buffer.from(JSON.stringify(body));
    const framing = data ? `Content-Type: application/json\r\nContent-Length: ${data.length}\r\n` : '';
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket!.write(`${method} ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1:${this.port}\r\n${headers}${framing}Connection: keep-alive\r\n\r\n`);
      if (data) this.socket!.write(data);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }
}

/** node's own keep-alive client, for the calls around the load loops (files, writes with bodies). */
export function nodeClient(maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });

  function get(port: number, urlPath: string, token?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: urlPath, agent, headers: token ? { authorization: `Bearer ${token}` } : {} }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      });
      request.on('error', reject);
    });
  }

  function post(port: number, urlPath: string, body: unknown, token: string): Promise<Answer> {
    const data = Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, path: urlPath, method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': data.length } },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        },
      );
      request.on('error', reject);
      request.end(data);
    });
  }

  /** Waits until the server on `port` answers `urlPath` at all (up to 150 s). */
  async function waitFor(port: number, urlPath: string): Promise<void> {
    for (let i = 0; i < 300; i += 1) {
      try {
        const { status } = await get(port, urlPath);
        if (status > 0) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`server on ${port} did not start`);
  }

  return { get, post, waitFor, destroy: () => agent.destroy() };
}
