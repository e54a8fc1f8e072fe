import { Button, useEarlyClick } from '@mealprep/ui';
import { useRef, useState } from 'react';
import { useReportStillOpen } from '../api/report-still-open';

export const CLOSED_TEXT = 'This service has been reported as closed.';
export const THANK_YOU_TEXT = "Thank you! We'll review your report.";

export function ClosedNotice({ serviceId }: { serviceId: string }) {
  const [reported, setReported] = useState(false);
  const report = useReportStillOpen();
  const sent = useRef(false);
  const reportStillOpen = () => {
    // Thanked at once and whatever the outcome (spec §4); a second click sends nothing more.
    setReported(true);
    if (sent.current) return;
    sent.current = true;
    report.mutate(serviceId);
  };
  // A click made while the page still loads its scripts is sent once the app runs.
  const earlyClick = useEarlyClick('report-still-open', reportStillOpen);

  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-medium">{CLOSED_TEXT}</p>
      {reported ? (
        <p>{THANK_YOU_TEXT}</p>
      ) : (
        <Button variant="outline" {...earlyClick} onClick={reportStillOpen}>
          Report as Still Open
        </Button>
      )}
    </div>
  );
}
