import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@mealprep/router';

interface ListQuery<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
}

/**
 * What a list page shows while a visitor's choice (a filter, an order, a distance, a page) moves
 * its URL: the answer for the URL, or while that is read the last one (the query's placeholder).
 * When the answer fails, the page goes back to the URL of the last answer it showed, which undoes
 * the choice, and `wentBack` says so until the visitor moves on (the same choice made again is
 * asked again). `list` names the list apart from its variants: another list's failure is the
 * page's own error, never a way back (nor is a first answer's, nor a failed refresh of an answer
 * shown: those stay the caller's to show).
 */
export function useKeptAnswer<T>(query: ListQuery<T>, list: string) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const { data, isPlaceholderData } = query;
  // The answer shown first (the server's, when the page was rendered there) is the last one from
  // the start: storing it after the first render would render the whole list again at hydration.
  const [last, setLast] = useState<{ url: string; list: string; data: T } | null>(() => (data !== undefined && !isPlaceholderData ? { url: here, list, data } : null));
  const [backTo, setBackTo] = useState<string | null>(null);
  const goingBack = query.isError && !query.isFetching && data === undefined && last !== null && last.list === list && last.url !== here;

  useEffect(() => {
    if (data !== undefined && !isPlaceholderData) setLast((kept) => (kept?.url === here && kept.list === list && kept.data === data ? kept : { url: here, list, data }));
  }, [data, isPlaceholderData, here, list]);
  useEffect(() => {
    if (!goingBack || !last) return;
    setBackTo(last.url);
    void navigate(last.url, { replace: true });
  }, [goingBack, last, navigate]);
  useEffect(() => {
    // The message is about the way back only: once the visitor has moved on, it is over.
    if (backTo !== null && here !== backTo && !goingBack) setBackTo(null);
  }, [here, backTo, goingBack]);

  return { data: data ?? (goingBack ? last?.data : undefined), goingBack, wentBack: !goingBack && backTo === here };
}
