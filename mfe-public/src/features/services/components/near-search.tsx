import { Button } from '@mealprep/ui';
import { MAX_PLACE_QUERY } from '@mealprep/contracts/browser';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@mealprep/router';
import { clampPlace, nearestZip, nearPath } from '../api/get-near';
import { SEARCH_INPUT_CLASS } from './service-search';

export const USE_MY_LOCATION = 'Use my location';
export const LOCATION_REFUSED_TEXT = 'Your browser did not share your location. Type a ZIP code or a city instead.';
export const LOCATION_UNKNOWN_TEXT = 'We could not find a US ZIP code near you. Type a ZIP code or a city instead.';

/**
 * "ZIP code or city", and "Use my location". The place goes in the URL (/near/{place}); without
 * JavaScript the form asks /near?place=…, which the gateway sends on to /near/{place}. The browser's
 * position is asked for only when the button is clicked, and only its nearest ZIP code is kept
 * (in the URL).
 */
export function NearSearch({ heading = 'Find meal prep near you', defaultPlace = '', headingLevel = 2 }: { heading?: string; defaultPlace?: string; headingLevel?: 2 | 3 }) {
  const navigate = useNavigate();
  const inputId = useId();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState('');
  // In the server's HTML (and with JavaScript off) the button cannot work yet: it is enabled once the page runs.
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const place = clampPlace(String(new FormData(event.currentTarget).get('place') ?? ''));
    if (!place) return;
    setProblem('');
    void navigate(nearPath(place));
  }

  function useMyLocation() {
    setProblem('');
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setProblem(LOCATION_REFUSED_TEXT);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        nearestZip({ latitude: position.coords.latitude, longitude: position.coords.longitude })
          .then((zip) => void navigate(nearPath(zip)))
          .catch(() => setProblem(LOCATION_UNKNOWN_TEXT))
          .finally(() => setLocating(false));
      },
      () => {
        setLocating(false);
        setProblem(LOCATION_REFUSED_TEXT);
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  }

  return (
    <section aria-labelledby={`${inputId}-heading`} className="flex flex-col gap-3">
      <Heading id={`${inputId}-heading`} className="text-2xl font-bold tracking-tight">
        {heading}
      </Heading>
      <form role="search" method="get" action="/near" onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            ZIP code or city
          </label>
          <input
            key={defaultPlace}
            id={inputId}
            name="place"
            type="text"
            defaultValue={defaultPlace}
            maxLength={MAX_PLACE_QUERY}
            autoComplete="postal-code"
            placeholder='For example 78701 or "Austin, TX"'
            className={SEARCH_INPUT_CLASS}
          />
        </div>
        <Button type="submit">Find nearby</Button>
        <Button type="button" variant="outline" onClick={useMyLocation} disabled={locating || !running} aria-describedby={problem ? `${inputId}-problem` : undefined}>
          {locating ? 'Finding you…' : USE_MY_LOCATION}
        </Button>
      </form>
      {problem ? (
        <p id={`${inputId}-problem`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
