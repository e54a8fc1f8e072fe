import type { Request, RequestHandler, Response } from 'express';
import { LIVE_EVENT_NAME, LiveQuerySchema, SESSION_COOKIE } from '@mealprep/contracts';
import { AppError, clientOf, readCookie, sessionHash } from '@mealprep/service-kit';
import type { LiveAudience, LiveMessage } from './topics';

const HEARTBEAT_MS = 25_000;
/** How far back a stream opened by a server-rendered page can ask for the changes it missed. */
const REPLAY_MS = 60_000;
const REPLAY_MAX = 500;
/**
 * A page's render time is taken before it reads its data, and a change is timed when the gateway
 * hears of it, after it was written: with one clock nothing is missed. This margin covers the
 * clocks of two machines (kept in step by NTP) differing a little; a change sent twice only makes
 * the page refetch.
 */
const REPLAY_MARGIN_MS = 250;

/** Who a stream was opened by (resolved from the session cookie when it connected). */
interface Listener {
  userId: string | null;
  admin: boolean;
  sessionHash: string | null;
}

const frameOf = ({ invalidation }: LiveMessage) => `event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(invalidation)}\n\n`;

const hears = (listener: Listener, audience: LiveAudience): boolean => audience.kind === 'everyone' || listener.admin || (listener.userId !== null && listener.userId === audience.ownerUserId);

/**
 * The browsers listening on /api/live. Each gets Server-Sent Events; a comment line every 25 s
 * keeps proxies from closing idle streams. Connections are capped in all and per address. A
 * change to a listing that is not public reaches only its owner and the admins; a stream whose
 * session ends or whose user's roles change is closed (the browser reconnects as who it is now).
 */
export class LiveHub {
  private readonly clients = new Map<Response, Listener>();
  private readonly perIp = new Map<string, number>();
  /** What was announced in the last minute, for streams that ask for the changes since their page was rendered. */
  private readonly recent: Array<{ at: number; message: LiveMessage }> = [];
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
      const ip = clientOf(req.ip ?? 'unknown');
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
      // A page rendered on the server read its data before this stream opened: what changed in
      // between is sent now (once more is harmless: the page refetches).
      const since = LiveQuerySchema.safeParse(req.query).data?.since;
      if (since !== undefined) {
        const listener = this.clients.get(res)!;
        for (const { at, message } of this.recent) {
          if (at >= since - REPLAY_MARGIN_MS && hears(listener, message.audience)) res.write(frameOf(message));
        }
      }
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

  broadcast(message: LiveMessage): void {
    const frame = frameOf(message);
    for (const [res, listener] of this.clients) if (hears(listener, message.audience)) res.write(frame);
    const now = Date.now();
    this.recent.push({ at: now, message });
    while (this.recent.length > REPLAY_MAX || (this.recent[0] && now - this.recent[0].at > REPLAY_MS)) this.recent.shift();
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
