import type { Request, Response } from 'express';
import { Passport } from 'passport';
import { Strategy as MagicLinkStrategy } from 'passport-magic-link';
import { LOGIN_TOKEN_TTL_MINUTES } from '@mealprep/contracts';
import type { SignIn } from '../../domain/sign-in';
import { deriveKey } from '../../domain/secrets';

type Outcome = { kind: 'pass' } | { kind: 'success'; email: string } | { kind: 'fail' } | { kind: 'error'; err: unknown };
type SignInLink = { loginToken: string; selector: string };

/**
 * The signed link of a sign-in e-mail: passport-magic-link's token (10 minutes), which works on
 * the request and the response, so it lives here at the HTTP edge. What it stores, mails and
 * accepts is the domain's (SignIn): the strategy only signs and checks the token.
 */
export class MagicLink {
  private readonly passport = new Passport();
  /** A mail that failed inside the strategy, where a throw would be swallowed: read once it returns. */
  private readonly mailFailures = new WeakMap<Request, unknown>();

  constructor(
    private readonly signIn: SignIn,
    secret: string,
  ) {
    this.passport.use(
      new MagicLinkStrategy(
        {
          secret: deriveKey(secret, 'magic-link'),
          userFields: ['email'],
          tokenField: 'loginToken',
          ttl: LOGIN_TOKEN_TTL_MINUTES * 60,
          passReqToCallbacks: true,
          // The user is looked up (or made) only once the link is used, so asking for a link tells
          // nothing about whether an account exists.
          verifyUserAfterToken: true,
        },
        async (req: Request, user: Record<string, unknown>, token: string) => {
          try {
            await this.signIn.deliver(String(user.email), token);
          } catch (err) {
            this.mailFailures.set(req, err);
          }
        },
        async (req: Request, user: Record<string, unknown>) => (typeof user.email === 'string' && (await this.signIn.useLink(req.body as SignInLink, user.email)) ? { email: user.email } : null),
      ),
    );
  }

  /** Makes a token for the address and hands it to SignIn.deliver; throws when the mail was not sent. */
  async send(req: Request, res: Response, email: string): Promise<void> {
    req.body = { email };
    const outcome = await this.run(req, res, { action: 'requestToken' });
    const mailFailure = this.mailFailures.get(req);
    if (mailFailure !== undefined) throw this.signIn.mailNotSent(mailFailure);
    if (outcome.kind !== 'pass') throw this.signIn.mailNotSent(outcome.kind === 'error' ? outcome.err : undefined);
  }

  /** The address of a link whose token is genuine, unexpired and was used now (once); null otherwise. */
  async accept(req: Request, res: Response, link: SignInLink): Promise<string | null> {
    req.body = link;
    const outcome = await this.run(req, res, { action: 'acceptToken', allowReuse: true });
    if (outcome.kind === 'error') throw outcome.err;
    return outcome.kind === 'success' ? outcome.email : null;
  }

  private run(req: Request, res: Response, options: Record<string, unknown>): Promise<Outcome> {
    return new Promise((resolve) => {
      const authenticate = this.passport.authenticate('magiclink', { session: false, ...options }, (err: unknown, user: { email?: unknown } | false) => {
        if (err) resolve({ kind: 'error', err });
        else if (user && typeof user.email === 'string') resolve({ kind: 'success', email: user.email });
        else resolve({ kind: 'fail' });
      }) as (req: Request, res: Response, next: (err?: unknown) => void) => void;
      authenticate(req, res, (err?: unknown) => resolve(err ? { kind: 'error', err } : { kind: 'pass' }));
    });
  }
}
