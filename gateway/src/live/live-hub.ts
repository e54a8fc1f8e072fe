import type { Request, RequestHandler, Response } from 'express';
import { LIVE_EVENT_NAME, SESSION_COOKIE } from '@mealprep/contracts';
import { AppError, readCookie, sessionHash } from '@mealprep/service-kit';
import type { LiveAudience, LiveMessage } from './topics';

const HEARTBEAT_MS = 25_000;

/** Who a stream was opened by (resolved from the session cookie when it connected). */
interface Listener {
  userId: string | null;
  admin: boolean;
  sessionHash: string | null;
}

const hears = (listener: Listener, audience: LiveAudience): boolean =>
  audience.kind === 'everyone' || listener.admin || (listener.userId !== null && listener.userId === audience.ownerUserId);

/**
 * The browsers listening on /api/live. Each gets Server-Sent Events; a comment line every 25 s
 * keeps proxies from closing idle streams. Connections are capped in all and per address. A
 * change to a listing that is not public reaches only its owner and the admins; a stream whose
 * session ends or whose user's roles change is closed (the browser reconnects as who it is now).
 */
export class LiveHub {
  private readonly clients = new Map<Response, Listener>();
  private readonly perIp = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly limits: { maxClients: number; maxPerIp: number }) {
    this.heartbeat = setInterval(() => {
      for (const res of this.clients.keys()) res.write(': ping\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  handler(): RequestHandler {
    return (req: Request, res: Response, next) => {
      const ip = req.ip ?? 'unknown';
      if (this.clients.size >= this.limits.maxClients) {
        return next(new AppError('live_full', 'Too many live connections; try again later.', { status: 503 }));
      }
      if ((this.perIp.get(ip) ?? 0) >= this.limits.maxPerIp) {
        return next(new AppError('too_many_connections', 'Too many live connections from this address.', { status: 429 }));
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 2000\n\n');
      const token = readCookie(req.headers.cookie, SESSION_COOKIE);
      const identity = req.identity ?? null;
      this.clients.set(res, { userId: identity?.userId ?? null, admin: Boolean(identity?.roles.includes('admin')), sessionHash: identity && token ? sessionHash(token) : null });
      this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
      req.socket.setTimeout(0);
      const release = () => {
        if (!this.clients.delete(res)) return;
        const left = (this.perIp.get(ip) ?? 1) - 1;
        if (left <= 0) this.perIp.delete(ip);
        else this.perIp.set(ip, left);
      };
      req.on('close', release);
      res.on('close', release);
    };
  }

  broadcast({ invalidation, audience }: LiveMessage): void {
    const frame = `event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(invalidation)}\n\n`;
    for (const [res, listener] of this.clients) if (hears(listener, audience)) res.write(frame);
  }

  /** Closes the streams of a session that ended. */
  endSession(hash: string): void {
    for (const [res, listener] of this.clients) if (listener.sessionHash === hash) res.end();
  }

  /** Closes the streams of a user whose roles changed. */
  endUser(userId: string): void {
    for (const [res, listener] of this.clients) if (listener.userId === userId) res.end();
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients.keys()) res.end();
    this.clients.clear();
  }
}
