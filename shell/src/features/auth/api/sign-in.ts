import { IS_ADMIN_QUERY_KEY, loginWithCode, loginWithLink, MY_SERVICES_QUERY_KEY, requestLoginLink, SESSION_QUERY_KEY } from '@mealprep/api-client';
import type { SessionUser } from '@mealprep/contracts';
import { useMutation, useQueryClient } from '@mealprep/query';

/** auth.login.request: e-mails a link and a code to the address. */
export const useRequestLoginLink = () => useMutation({ mutationFn: (email: string) => requestLoginLink(email) });

export type SignIn = { with: 'code'; email: string; code: string } | { with: 'link'; loginToken: string; selector: string };

/**
 * Signs in with the e-mailed code or link. The session is kept at once; another account's data
 * (admin flag, services) must not linger after a switch.
 */
export function useSignIn(currentUserId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (how: SignIn): Promise<SessionUser> => (how.with === 'code' ? loginWithCode(how.email, how.code) : loginWithLink(how.loginToken, how.selector)),
    onSuccess: (signedInUser) => {
      if (currentUserId && currentUserId !== signedInUser.id) {
        queryClient.removeQueries({ queryKey: IS_ADMIN_QUERY_KEY });
        queryClient.removeQueries({ queryKey: MY_SERVICES_QUERY_KEY });
      }
      queryClient.setQueryData(SESSION_QUERY_KEY, signedInUser);
      void queryClient.invalidateQueries({ queryKey: IS_ADMIN_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: MY_SERVICES_QUERY_KEY });
    },
  });
}
