import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MailIcon from '@mui/icons-material/ForwardToInboxOutlined';
import {
  MAX_REPORT_MESSAGE_LENGTH,
  MAX_REPORT_PDF_BYTES,
  checkReportRecipients,
  initialReportRecipients,
  mayMailReport,
  reportPdfTooLarge,
  type DomainMessage,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useOnlineStatus } from '../../../lib/online/use-online-status';
import { usePerson } from '../../../lib/session/session-provider';
import { UserPicker } from '../../people/user-picker';
import { usePeople } from '../../people/use-people';

/** Makes the PDF report (`useReportPdf().render`). */
export type RenderReport = () => Promise<{ blob: Blob; fileName: string }>;

/** Where the server takes the report to mail (docs in the server's report-mail.routes.ts). */
export function reportMailUrl(auditId: string): string {
  return `/api/v1/audits/${encodeURIComponent(auditId)}/report/mail`;
}

type Phase = 'idle' | 'generating' | 'sending';

/** No answer from the server (offline, server down). */
class NetworkFailure extends Error {}

/** The server's refusal: its domain message if it gave one, else a text by status. */
class SendFailure extends Error {
  constructor(
    readonly status: number,
    readonly detail: DomainMessage | null,
  ) {
    super(`report mail failed: ${status}`);
  }
}

/**
 * "Send by mail" beside "Download PDF" on the reporting tab (issue 13.3): shown to those who may
 * mail the audit's report (the domain's `mayMailReport`), disabled offline with the reason in
 * view (the mail goes through the server; the download works offline). Opens the dialog.
 */
export function ReportMailButton({
  auditId,
  audit,
  render,
  disabled = false,
  openRequest = null,
}: {
  auditId: string;
  audit: JsonObject | undefined;
  render: RenderReport;
  disabled?: boolean;
  /**
   * Opens the dialog once per distinct value, when online (the stepper's "finish audit and send
   * report"); offline the button says why it cannot send.
   */
  openRequest?: string | null;
}) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const person = usePerson();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [handledRequest, setHandledRequest] = useState<string | null>(null);
  if (openRequest !== null && openRequest !== handledRequest) {
    setHandledRequest(openRequest);
    if (online) setOpen(true);
  }
  if (!audit || !person || !mayMailReport(person.roles, audit, person.id)) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MailIcon />}
        disabled={disabled || !online}
        aria-describedby={online ? undefined : hintId}
        onClick={() => setOpen(true)}
        data-testid="reporting-mail"
      >
        {t('reporting.mail.action')}
      </Button>
      {!online && (
        <Typography
          id={hintId}
          variant="body2"
          color="text.secondary"
          sx={{ flexBasis: { xs: '100%', sm: 'auto' }, minWidth: 0 }}
          data-testid="reporting-mail-offline"
        >
          {t('reporting.mail.offline')}
        </Typography>
      )}
      {open && (
        <ReportMailDialog
          auditId={auditId}
          audit={audit}
          render={render}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

export function ReportMailDialog({
  auditId,
  audit,
  render,
  onClose,
}: {
  auditId: string;
  audit: JsonObject;
  render: RenderReport;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const online = useOnlineStatus();
  const person = usePerson();
  const { people, byId } = usePeople();
  const { show } = useSnackbar();
  const titleId = useId();
  const [recipients, setRecipients] = useState<string[] | null>(null);
  const [message, setMessage] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  // Until the person touches the field, it follows the directory as it loads.
  const initial = useMemo(
    () => initialReportRecipients(audit, people, person?.id),
    [audit, people, person?.id],
  );
  const chosen = recipients ?? initial.ids;
  const busy = phase !== 'idle';

  const failureText = (failure: unknown): string => {
    if (failure instanceof SendFailure) {
      if (failure.detail) return translate(failure.detail);
      if (failure.status === 401) return t('reporting.mail.error.signedOut');
      if (failure.status === 429) return t('reporting.mail.error.tooMany');
      return t('reporting.mail.error.failed');
    }
    if (failure instanceof NetworkFailure) return t('reporting.mail.error.network');
    // The PDF could not be made.
    return t('reporting.pdf.failed');
  };

  async function send(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // The server's own rules first, so a person without an address is named before the PDF is made.
    const checked = checkReportRecipients(
      chosen,
      new Map(
        chosen.map((id) => {
          const entry = byId.get(id);
          return [id, entry ? { displayName: entry.displayName, email: entry.email } : undefined];
        }),
      ),
    );
    if (chosen.length === 0 || !checked.ok) {
      setError(translate(checked.ok ? { key: 'reportMail.recipientsRequired' } : checked.message));
      return;
    }
    setError(null);
    setPhase('generating');
    try {
      const { blob, fileName } = await render();
      if (blob.size > MAX_REPORT_PDF_BYTES) {
        setError(translate(reportPdfTooLarge()));
        return;
      }
      setPhase('sending');
      const body = new FormData();
      for (const id of chosen) body.append('recipients', id);
      if (message.trim()) body.append('message', message.trim());
      body.append('language', language);
      body.append('file', blob, fileName);
      let response: Response;
      try {
        response = await fetch(reportMailUrl(auditId), {
          method: 'POST',
          body,
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        });
      } catch (cause) {
        throw new NetworkFailure(String(cause));
      }
      const payload = (await response.json().catch(() => null)) as {
        sent?: unknown[];
        error?: { details?: unknown };
      } | null;
      if (!response.ok)
        throw new SendFailure(response.status, domainMessage(payload?.error?.details));
      const count = Array.isArray(payload?.sent) ? payload.sent.length : chosen.length;
      show({ message: t('reporting.mail.sent', { count }), type: 'success' });
      onClose();
    } catch (failure) {
      if (!(failure instanceof SendFailure)) console.error('report mail failed', failure);
      setError(failureText(failure));
    } finally {
      setPhase('idle');
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="report-mail-dialog"
    >
      <form noValidate onSubmit={(event) => void send(event)}>
        <DialogTitle id={titleId}>{t('reporting.mail.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2" sx={{ mb: 1 }}>
            {t('reporting.mail.hint')}
          </DialogContentText>
          <UserPicker
            label={t('reporting.mail.recipients')}
            value={chosen}
            onChange={(ids) => {
              setRecipients(ids);
              setError(null);
            }}
            multiple
            allowCreate
            required
            disabled={busy}
            testId="report-mail-recipients"
          />
          {initial.unmatched.length > 0 && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="report-mail-unmatched"
            >
              {t('reporting.mail.unmatched', { entries: initial.unmatched.join(', ') })}
            </Typography>
          )}
          <TextField
            label={t('reporting.mail.message')}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            margin="dense"
            disabled={busy}
            slotProps={{
              htmlInput: {
                maxLength: MAX_REPORT_MESSAGE_LENGTH,
                'data-testid': 'report-mail-message',
              },
            }}
          />
          <Box aria-live="polite" sx={{ mt: 1, minHeight: 24 }}>
            {busy && (
              <>
                <Typography variant="body2" data-testid="report-mail-progress">
                  {phase === 'generating'
                    ? t('reporting.mail.generating')
                    : t('reporting.mail.sending')}
                </Typography>
                <LinearProgress aria-hidden sx={{ mt: 0.5 }} />
              </>
            )}
          </Box>
          {error && (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="report-mail-error">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy} data-testid="report-mail-cancel">
            {t('reporting.mail.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            startIcon={<MailIcon />}
            disabled={busy || !online}
            data-testid="report-mail-send"
          >
            {t('reporting.mail.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function domainMessage(value: unknown): DomainMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as { key?: unknown; params?: unknown };
  return typeof record.key === 'string' &&
    (record.params === undefined || (typeof record.params === 'object' && record.params !== null))
    ? (value as DomainMessage)
    : null;
}
