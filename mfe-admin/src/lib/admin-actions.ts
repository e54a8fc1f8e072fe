import { serverMessage } from '@mealprep/api-client';
import { useQueryClient, type QueryKey } from '@mealprep/query';
import { useDialogs } from '@mealprep/ui/dialogs';
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
  const drop = useCallback(
    (ids: readonly string[]) =>
      setSelected((current) => {
        if (!ids.some((id) => current.has(id))) return current;
        const next = new Set(current);
        for (const id of ids) next.delete(id);
        return next;
      }),
    [],
  );
  return { selected, ids: [...selected], toggle, replace, drop, clear: useCallback(() => setSelected(new Set()), []) };
}

/**
 * Runs an admin action: on success the rows it was about (`about`) leave the selection, while
 * rows picked as it ran stay picked; on failure the admin is told the server's reason (else the
 * spec's fallback); the screen's data is refetched either way.
 */
export function useAdminAction(queryKey: QueryKey, selection: { drop: (ids: readonly string[]) => void }) {
  const queryClient = useQueryClient();
  const { notify } = useDialogs();
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<unknown>, failure: string, about: readonly string[] = []) => {
    setBusy(true);
    try {
      await run();
      selection.drop(about);
    } catch (error) {
      notify(serverMessage(error) ?? failure, 'error');
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey });
    }
  };
  return { busy, act };
}
