export interface LoadingProps {
  label?: string;
  className?: string;
}

/** A spinner with visible text, announced politely to screen readers. */
export function Loading({ label = 'Loading…', className }: LoadingProps) {
  return (
    <div role="status" aria-live="polite" className={['flex items-center justify-center gap-3 py-16 text-gray-600 dark:text-gray-300', className].filter(Boolean).join(' ')}>
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-gray-300 border-t-emerald-600 dark:border-gray-600 dark:border-t-emerald-400" />
      <span>{label}</span>
    </div>
  );
}
