import type { RequestHandler } from 'express';
import { SESSION_COOKIE } from '@mealprep/contracts';
import { readCookie, sessionHash } from '@mealprep/service-kit';
import type { LiveHub } from '../live/live-hub';
import type { SessionResolver } from './session-resolver';

/** A logout takes effect here at once, before svc-auth's event arrives: the session is forgotten and its live streams end; the call goes on to svc-auth. */
export function forgetSessionOnLogout(sessions: SessionResolver, live: LiveHub): RequestHandler {
  return (req, _res, next) => {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (token) {
      const hash = sessionHash(token);
      sessions.dropSession(hash);
      live.endSession(hash);
    }
    next();
  };
}
