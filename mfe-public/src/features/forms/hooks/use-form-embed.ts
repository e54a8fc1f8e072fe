import { useEffect, useState, type RefObject } from 'react';

/** Spec §9: poll every 100 ms, let the form settle 400 ms, give up after 10 s. */
export const EMBED_POLL_MS = 100;
export const EMBED_SETTLE_MS = 400;
export const EMBED_TIMEOUT_MS = 10_000;

export type EmbedStatus = 'loading' | 'ready' | 'failed';

/** Adds the provider's script once per page; returns it so the caller can hear it fail. */
function ensureScript(src: string): HTMLScriptElement {
  const existing = Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-form-embed]')).find((script) => script.getAttribute('src') === src);
  if (existing) return existing;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.formEmbed = 'true';
  document.body.appendChild(script);
  return script;
}

/**
 * Loads the form provider's embed script and watches the form's container until the provider
 * has put its iframe there. Ready once the iframe has had a moment to lay itself out; failed when
 * the script errors or nothing shows within the timeout.
 */
export function useFormEmbed(container: RefObject<HTMLElement | null>, scriptSrc: string | undefined): EmbedStatus {
  const [status, setStatus] = useState<EmbedStatus>('loading');

  useEffect(() => {
    if (!scriptSrc) return undefined;
    setStatus('loading');
    let settleTimer: number | undefined;
    const script = ensureScript(scriptSrc);
    const fail = () => {
      window.clearInterval(poll);
      window.clearTimeout(timeout);
      window.clearTimeout(settleTimer);
      setStatus('failed');
    };
    const poll = window.setInterval(() => {
      if (!container.current?.querySelector('iframe')) return;
      window.clearInterval(poll);
      window.clearTimeout(timeout);
      settleTimer = window.setTimeout(() => setStatus('ready'), EMBED_SETTLE_MS);
    }, EMBED_POLL_MS);
    const timeout = window.setTimeout(fail, EMBED_TIMEOUT_MS);
    script.addEventListener('error', fail);
    return () => {
      window.clearInterval(poll);
      window.clearTimeout(timeout);
      window.clearTimeout(settleTimer);
      script.removeEventListener('error', fail);
    };
  }, [container, scriptSrc]);

  return status;
}
