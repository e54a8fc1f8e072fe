import { Loading } from '@mealprep/ui';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useLocation } from '@mealprep/router';
import type { RemoteRoutesLoader } from './federation';
import { RemoteErrorBoundary } from '../features/remotes/components/remote-error-boundary';

export interface RemoteAreaProps {
  /** Loads the remote's routes module; injected so the area can be tested without a network. */
  load: RemoteRoutesLoader;
}

/**
 * One federated area of the page. A failed load (or a crash inside the remote) stays inside this
 * area: the header and footer around it keep working, and "Try again" starts a fresh load.
 */
export function RemoteArea({ load }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  // A new lazy component per attempt: React caches a rejected lazy() for good.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is not read, it is why a new one is made
  const Remote = useMemo(() => lazy(load), [load, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry} resetKey={pathname}>
      <Suspense fallback={<Loading />}>
        <Remote />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
