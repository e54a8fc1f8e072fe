import { ErrorState } from '@mealprep/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export const REMOTE_FAILED_MESSAGE = 'This part of the site could not be loaded.';

interface Props {
  children: ReactNode;
  onRetry: () => void;
  /** When it changes while the fallback shows (the user navigated), the area tries again. */
  resetKey: string;
}

interface State {
  error: unknown;
}

export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('A remote area failed to load or render.', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.props.onRetry();
  }

  override render() {
    if (this.state.error) {
      return <ErrorState title={null} message={REMOTE_FAILED_MESSAGE} onRetry={this.props.onRetry} className="my-12" />;
    }
    return this.props.children;
  }
}
