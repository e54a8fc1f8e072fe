import { Button } from './button';

export const ERROR_STATE_TITLE = 'Something went wrong';
export const ERROR_STATE_MESSAGE = 'We could not load this right now. Please try again.';

export interface ErrorStateProps {
  /** Heading; pass null for none. */
  title?: string | null;
  message?: string;
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

export function ErrorState({ title = ERROR_STATE_TITLE, message = ERROR_STATE_MESSAGE, onRetry, retryLabel = 'Try again', className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={['mx-auto flex max-w-md flex-col items-center gap-4 rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center', 'dark:border-red-900 dark:bg-red-950/40', className]
        .filter(Boolean)
        .join(' ')}
    >
      {title ? <h2 className="text-lg font-semibold text-red-800 dark:text-red-200">{title}</h2> : null}
      <p className="text-gray-700 dark:text-gray-200">{message}</p>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
