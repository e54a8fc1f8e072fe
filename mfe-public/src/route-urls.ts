import { PUBLIC_ROUTES } from './route-table';

/**
 * One URL of every public route, in the table's order, its parameters filled from `values` by
 * name (encoded as a link would be): for the tests that go over every kind of page. Never loaded
 * by the browser.
 */
export function urlOfEveryRoute(values: Readonly<Record<string, string>>): string[] {
  return PUBLIC_ROUTES.map((route) =>
    route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`no value for :${name} of ${route.path}`);
      return encodeURIComponent(value);
    }),
  );
}
