// No zod here: the browser imports these through '@mealprep/contracts/browser'.

export const REMOTE_NAMES = ['public', 'dashboard', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';
