import { startTransition, useOptimistic } from 'react';
import { useNavigate } from '@mealprep/router';

/**
 * A visitor's choice that the page's URL keeps (a filter, an order, a distance): shown at once,
 * then by the URL. Fields controlled by the URL alone showed the old state until the router had
 * rendered the new URL, a transition React runs after the click: on a busy machine the box a
 * visitor ticked stayed unticked meanwhile. The choice is optimistic in that same transition, so
 * it gives way to the URL in the very render that shows the URL.
 */
export function useUrlChoice<T>(current: T) {
  const navigate = useNavigate();
  const [shown, show] = useOptimistic(current, (_: T, chosen: T) => chosen);
  const choose = (value: T, to: string) =>
    startTransition(() => {
      show(value);
      void navigate(to);
    });
  return { shown, choose };
}
