import { serverMessage } from '@mealprep/api-client';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

/** The look of the admin screens' selects and inputs. */
export const controlClass =
  'rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm dark:border-gray-600 dark:bg-gray-900 focus:outline-2 focus:outline-emerald-600';

/** The rows picked for a bulk action. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const replace = useCallback((ids: readonly string[]) => setSelected(new Set(ids)), []);
  return { selected, ids: [...selected], toggle, replace, clear: useCallback(() => setSelected(new Set()), []) };
}

/**
 * Runs an admin action: on success the selection is cleared, on failure the admin is told the
 * server's reason (else the spec's fallback), and the screen's data is refetched either way.
 */
export function useAdminAction(queryKey: QueryKey, onSuccess: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<unknown>, failure: string) => {
    setBusy(true);
    try {
      await run();
      onSuccess();
    } catch (error) {
      window.alert(serverMessage(error) ?? failure);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey });
    }
  };
  return { busy, act };
}
