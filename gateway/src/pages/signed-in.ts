/** The shell's signed-in areas: rendered in the browser only, never indexed, disallowed to crawlers. */
export const SIGNED_IN_AREAS = ['/dashboard', '/login'] as const;

/** Whether a path is in a signed-in area (the area itself or anything under it). */
export function isSignedInPath(path: string): boolean {
  return SIGNED_IN_AREAS.some((area) => path === area || path.startsWith(`${area}/`));
}
