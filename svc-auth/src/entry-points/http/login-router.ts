import { Router } from 'express';
import { LoginLinkCheckResponseSchema, LoginRequestSchema, LoginWithCodeSchema, LoginWithLinkSchema, SESSION_COOKIE } from '@mealprep/contracts';
import { parseInput, readCookie, route } from '@mealprep/service-kit';
import type { SignIn } from '../../domain/sign-in';

export function loginRouter(signIn: SignIn): Router {
  const router = Router();
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
      await signIn.requestLink(req, res, email);
      res.status(202).json({ sent: true });
    }),
  );
  router.post(
    '/login/link',
    route(async (req, res) => {
      const link = parseInput(LoginWithLinkSchema, req.body, 'sign-in link');
      res.json({ user: await signIn.loginWithLink(req, res, link) });
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
      res.json({ user: await signIn.loginWithCode(res, email, code) });
    }),
  );
  router.post(
    '/logout',
    route(async (req, res) => {
      await signIn.logout(res, readCookie(req.headers.cookie, SESSION_COOKIE));
      res.status(204).end();
    }),
  );
  return router;
}
