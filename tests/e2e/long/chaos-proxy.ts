/**
 * Flaky school Wi-Fi between the browser and the server: an HTTP proxy that drops a share of the API
 * requests before they reach the server, and a share of the answers after the server has committed
 * (the socket is closed instead of answering). It can also serve a changed service worker script, so
 * the browser sees an update mid-queue.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';

export interface ChaosStats {
  requests: number;
  droppedBefore: number;
  droppedAfter: number;
  passed: number;
  /** API requests held open and never answered (Wi-Fi gone without a reset). */
  hung: number;
  changedWorkerServed: number;
  /** Summed time from forwarding an API request to the end of the server's answer. */
  serverMs: number;
}

export interface ChaosProxy {
  url: string;
  stats: ChaosStats;
  /** Share of API requests dropped before / answers dropped after the server (0–1). */
  setChaos(before: number, after: number): void;
  /** Share of API requests held open, never forwarded nor answered (0–1); checked before the drops. */
  setHanging(share: number): void;
  /** Serves /sw.js with this suffix (a new version for the browser), or the real one when empty. */
  setWorkerSuffix(suffix: string): void;
  close(): Promise<void>;
}

/** Deterministic, so a failing run can be replayed with the same seed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Sign-in is the test's own setup, not the teacher's work: it always passes. */
const spared = (url: string) => url.startsWith('/api/users/authenticate');

export async function startChaosProxy(targetPort: number, seed: number): Promise<ChaosProxy> {
  const random = seededRandom(seed);
  const stats: ChaosStats = { requests: 0, droppedBefore: 0, droppedAfter: 0, passed: 0, hung: 0, changedWorkerServed: 0, serverMs: 0 };
  let before = 0;
  let after = 0;
  let hanging = 0;
  let workerSuffix = '';

  const forward = (req: IncomingMessage, onAnswer: (answer: IncomingMessage) => void) => {
    const upstream = request({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers }, onAnswer);
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  };

  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    const chaotic = url.startsWith('/api/') && !spared(url);
    if (chaotic) {
      stats.requests += 1;
      // Drawn only when set, so a seed replays the same drops as before this option existed.
      if (hanging > 0 && random() < hanging) {
        stats.hung += 1;
        return;
      }
      if (random() < before) {
        stats.droppedBefore += 1;
        req.socket.destroy();
        return;
      }
    }
    const loseAnswer = chaotic && random() < after;
    if (url.split('?')[0] === '/sw.js' && workerSuffix) {
      // The script differs from what the browser holds: its validators must not earn a 304.
      delete req.headers['if-none-match'];
      delete req.headers['if-modified-since'];
      // Plain text, so the suffix can be appended (the server sends brotli to a browser).
      delete req.headers['accept-encoding'];
    }
    const sent = Date.now();
    forward(req, (answer) => {
      if (chaotic) answer.on('end', () => (stats.serverMs += Date.now() - sent));
      if (loseAnswer) {
        // Read the whole answer first: the server has finished (and committed) before the loss.
        answer.resume();
        answer.on('end', () => {
          stats.droppedAfter += 1;
          req.socket.destroy();
        });
        return;
      }
      if (chaotic) stats.passed += 1;
      if (url.split('?')[0] === '/sw.js' && workerSuffix && answer.statusCode === 200) {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from(workerSuffix)]);
          const headers = { ...answer.headers, 'content-length': String(body.length) };
          delete headers['transfer-encoding'];
          delete headers.etag;
          delete headers['last-modified'];
          stats.changedWorkerServed += 1;
          res.writeHead(200, headers);
          res.end(body);
        });
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    setChaos(b, a) {
      before = b;
      after = a;
    },
    setHanging(share) {
      hanging = share;
    },
    setWorkerSuffix(suffix) {
      workerSuffix = suffix;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
