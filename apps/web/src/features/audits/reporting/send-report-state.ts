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

/** Whether this visit of the reporting tab came to send the report (read once, then cleared). */
export function useSendReportOnArrival(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrived] = useState(() => asksToSendReport(location.state));
  useEffect(() => {
    if (asksToSendReport(location.state)) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location, navigate]);
  return arrived;
}
