import type { Request, RequestHandler, Response } from 'express';
import { LIVE_EVENT_NAME, type LiveInvalidation } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';

const HEARTBEAT_MS = 25_000;

/**
 * The browsers listening on /api/live. Each gets Server-Sent Events; a comment line every 25 s
 * keeps proxies from closing idle streams. Connections are capped in all and per address.
 */
export class LiveHub {
  private readonly clients = new Set<Response>();
  private readonly perIp = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly limits: { maxClients: number; maxPerIp: number }) {
    this.heartbeat = setInterval(() => {
      for (const res of this.clients) res.write(': ping\n\n');
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
      this.clients.add(res);
      this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
      req.socket.setTimeout(0);
      req.on('close', () => {
        this.clients.delete(res);
        const left = (this.perIp.get(ip) ?? 1) - 1;
        if (left <= 0) this.perIp.delete(ip);
        else this.perIp.set(ip, left);
      });
    };
  }

  broadcast(invalidation: LiveInvalidation): void {
    const frame = `event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(invalidation)}\n\n`;
    for (const res of this.clients) res.write(frame);
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }
}
