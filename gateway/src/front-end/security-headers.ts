import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** What the policy has to allow: the site's own origin, the remotes, and the outside hosts switched on. */
export interface SecurityPolicyInput {
  siteUrl: string;
  /** Manifest URLs of the remotes; relative ones are the site's own origin. */
  remoteUrls: string[];
  /** Scripts of analytics that are configured (a key or id is set), and where product analytics sends. */
  analyticsScriptSrcs: string[];
  analyticsConnect: string[];
  /** The form provider's embed script, when the add-service form is the provider's. */
  formEmbedSrc: string | null;
  /** Where stock photos (article and banner pictures picked by search) are shown from. */
  stockPhotoImageOrigins: string[];
  /** The built shell page, whose inline script (the theme, before first paint) is allowed by hash. */
  shellIndexHtml: string | null;
}

const originOf = (url: string, base: string): string | null => {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
};

/** Hashes of the page's inline scripts that run (not JSON data blocks, not external ones). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/(?:json|ld\+json)/i.test(attributes)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** The Content-Security-Policy directives: nothing beyond what the site needs, no inline script but the hashed one. */
export function contentSecurityPolicy(input: SecurityPolicyInput): Record<string, string[]> {
  const self = new URL(input.siteUrl).origin;
  const others = (urls: Array<string | null>) => [...new Set(urls.map((u) => (u ? originOf(u, self) : null)).filter((o): o is string => o !== null && o !== self))];
  const remotes = others(input.remoteUrls);
  const analyticsScripts = others(input.analyticsScriptSrcs);
  const form = others([input.formEmbedSrc]);
  // The provider's embed opens the form in a frame on a subdomain of its own.
  const formFrames = form.flatMap((origin) => [origin, origin.replace('://', '://*.')]);
  const https = self.startsWith('https:');
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(input.shellIndexHtml ? inlineScriptHashes(input.shellIndexHtml) : []), ...remotes, ...analyticsScripts, ...form],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes, ...others(input.stockPhotoImageOrigins), ...analyticsScripts],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, ...others(input.analyticsConnect), ...analyticsScripts],
    // The quote form's proof of work runs in workers the ALTCHA widget makes from its own bundle (blob: URLs).
    'worker-src': ["'self'", 'blob:'],
    'frame-src': formFrames.length ? formFrames : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Reads the built shell page if there is one (the policy hashes its inline script). */
export function readShellIndex(staticRoot: string): string | null {
  try {
    return readFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Headers every answer carries (pages, files, API answers and errors, the live stream): helmet
 * with the policy above, HSTS only when the site is served over https, no referrer beyond the
 * origin to other sites, no sniffing, no framing.
 */
export function securityHeaders(
  input: Omit<SecurityPolicyInput, 'analyticsScriptSrcs' | 'analyticsConnect'> & {
    /**
     * The analytics switched on now (the published brand's; a promise while it is being read): the
     * policy is made again when they change.
     */
    analytics: () => AnalyticsOrigins | Promise<AnalyticsOrigins>;
  },
): RequestHandler {
  let made: { key: string; policy: RequestHandler } | null = null;
  const apply = (analytics: AnalyticsOrigins, ...[req, res, next]: Parameters<RequestHandler>) => {
    const key = JSON.stringify(analytics);
    if (made?.key !== key) made = { key, policy: policyOf({ ...input, analyticsScriptSrcs: analytics.scriptSrcs, analyticsConnect: analytics.connect }) };
    res.setHeader('permissions-policy', 'camera=(), microphone=(), geolocation=(self)');
    void made.policy(req, res, next);
  };
  return (req, res, next) => {
    const analytics = input.analytics();
    if (analytics instanceof Promise) analytics.then((known) => apply(known, req, res, next), next);
    else apply(analytics, req, res, next);
  };
}

export interface AnalyticsOrigins {
  scriptSrcs: string[];
  connect: string[];
}

function policyOf(input: SecurityPolicyInput): RequestHandler {
  const https = new URL(input.siteUrl).protocol === 'https:';
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(input) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Remotes and images may be loaded by a shell on another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
