import { ErrorState } from '@mealprep/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Last resort for an error outside the remote areas: never a blank page. */
export function RouteError() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-16">
      <ErrorState onRetry={() => window.location.reload()} />
    </main>
  );
}

/** Catches what the remote areas' own boundaries do not (the layout itself failing) and shows RouteError. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page failed to render.', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
