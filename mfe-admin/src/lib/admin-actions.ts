import { serverMessage } from '@mealprep/api-client';
import { useIsMutating, useMutation, useQueryClient, type QueryKey } from '@mealprep/query';
import { useDialogs } from '@mealprep/ui/dialogs';
import { useCallback, useState } from 'react';

/** The look of the admin screens' selects and inputs. */
export const controlClass = 'rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm dark:border-gray-600 dark:bg-gray-900 focus:outline-2 focus:outline-emerald-600';

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
 * An admin action as a TanStack mutation: on success the rows it was about (`about`) leave the
 * selection, while rows picked as it ran stay picked; on failure the admin is told the server's
 * reason (else the spec's fallback, `failure`); the screen's data (`scope`) is refetched either way.
 * Every action of a screen shares its scope, so `useAdminBusy(scope)` says whether one is running.
 */
export interface AdminCall {
  failure: string;
  about?: readonly string[];
}

export function useAdminMutation<V extends AdminCall, R = unknown>(scope: QueryKey, mutationFn: (call: V) => Promise<R>, selection?: { drop: (ids: readonly string[]) => void }) {
  const queryClient = useQueryClient();
  const { notify } = useDialogs();
  return useMutation({
    mutationKey: ['admin', ...scope],
    mutationFn,
    onSuccess: (_result, call) => selection?.drop(call.about ?? []),
    onError: (error, call) => notify(serverMessage(error) ?? call.failure, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scope }),
  });
}

/** Whether an admin action of this screen is running (its buttons wait for it). */
export const useAdminBusy = (scope: QueryKey) => useIsMutating({ mutationKey: ['admin', ...scope] }) > 0;
