import { Router, type Response } from 'express';
import { LoginLinkCheckResponseSchema, LoginRequestSchema, LoginWithCodeSchema, LoginWithLinkSchema, SESSION_COOKIE } from '@mealprep/contracts';
import { parseInput, readCookie, route } from '@mealprep/service-kit';
import type { SignedIn, SignIn } from '../../domain/sign-in';
import { MagicLink } from './magic-link';

/** The session cookie: not readable by scripts, sent on the site's own navigations, over HTTPS when the site is. */
const cookieOptions = (siteUrl: string) => ({ httpOnly: true, sameSite: 'lax' as const, secure: siteUrl.startsWith('https:'), path: '/' });

export function loginRouter(signIn: SignIn, options: { secret: string; siteUrl: string }): Router {
  const router = Router();
  const links = new MagicLink(signIn, options.secret);
  const begin = (res: Response, { user, session }: SignedIn) => {
    res.cookie(SESSION_COOKIE, session.token, { ...cookieOptions(options.siteUrl), maxAge: session.maxAgeMs });
    return user;
  };
  // Answers that set or clear the session cookie are never kept by any cache.
  router.use(['/login', '/logout'], (_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });
  // The same answer whether or not the address has an account.
  router.post(
    '/login/request',
    route(async (req, res) => {
      const { email } = parseInput(LoginRequestSchema, req.body, 'sign-in request');
      await signIn.requestLink(email, req.ip ?? '', (address) => links.send(req, res, address));
      res.status(202).json({ sent: true });
    }),
  );
  router.post(
    '/login/link',
    route(async (req, res) => {
      const link = parseInput(LoginWithLinkSchema, req.body, 'sign-in link');
      res.json({ user: begin(res, await signIn.loginWithLink(link, (checked) => links.accept(req, res, checked))) });
    }),
  );
  // Reads only: whom a link is for, while it still works, so the page can ask before signing in.
  router.post(
    '/login/link/check',
    route(async (req, res) => {
      const link = parseInput(LoginWithLinkSchema, req.body, 'sign-in link');
      res.json(LoginLinkCheckResponseSchema.parse(await signIn.checkLink(link)));
    }),
  );
  router.post(
    '/login/code',
    route(async (req, res) => {
      const { email, code } = parseInput(LoginWithCodeSchema, req.body, 'sign-in code');
      res.json({ user: begin(res, await signIn.loginWithCode(email, code)) });
    }),
  );
  router.post(
    '/logout',
    route(async (req, res) => {
      res.clearCookie(SESSION_COOKIE, cookieOptions(options.siteUrl));
      await signIn.logout(readCookie(req.headers.cookie, SESSION_COOKIE));
      res.status(204).end();
    }),
  );
  return router;
}
