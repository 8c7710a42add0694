import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The navigation state with which the stepper's last step, "finish audit and send report", opens
 * the reporting tab: the tab opens the mail dialog once, so the report is sent right away.
 * Router state rather than a query parameter, so a shared link never carries it; the tab replaces
 * it on arrival, so a reload or going back does not reopen the dialog either.
 */
export const SEND_REPORT_STATE = { sendReport: true } as const;

function asksToSendReport(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'sendReport' in state
    ? state.sendReport === true
    : false;
}

/**
 * The visit of the reporting tab that came to send the report: its location key, else null.
 * The tab may be open already when the last step completes the audit there, so every arrival
 * with the state counts, not only the first render; the state is replaced right away.
 */
export function useSendReportOnArrival(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [request, setRequest] = useState(() =>
    asksToSendReport(location.state) ? location.key : null,
  );
  useEffect(() => {
    if (!asksToSendReport(location.state)) return;
    setRequest(location.key);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);
  return request;
}
