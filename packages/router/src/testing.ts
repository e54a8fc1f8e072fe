// Test helpers only; never imported by production code (so never in a browser bundle).
export { MemoryRouter } from 'react-router';
export type { MemoryRouterProps } from 'react-router';
