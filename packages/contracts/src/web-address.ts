import { z } from 'zod';

export const WEB_ADDRESS_MESSAGE = 'must be a web address (http or https)';

/** Whether a text is an absolute http or https address (not javascript:, data:, ftp: or a path). */
export function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A web address as a form sends it: trimmed, at most `max` characters, http or https. */
export const webAddress = (max: number, tooLong?: string) => z.string().trim().max(max, tooLong).refine(isWebAddress, WEB_ADDRESS_MESSAGE);
