import { z } from 'zod';

export const REMOTE_NAMES = ['public', 'dashboard', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * What the gateway tells the shell at start: where each remote's manifest lives (so a remote can
 * move without rebuilding the shell) and the public settings.
 */
export const RuntimeConfigSchema = z.object({
  siteName: z.string(),
  siteUrl: z.string(),
  apiBase: z.string(),
  remotes: z.object({
    public: z.string(),
    dashboard: z.string(),
    admin: z.string(),
  }),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';
