import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  webhookUrlProblem,
  type Webhook,
  type WebhookEventType,
} from '@qa/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../lib/api/api-error-text';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { eventLabel, SUBSCRIBABLE_EVENTS } from './webhook-labels';
import { createWebhook, updateWebhook } from './webhooks-api';

export interface WebhookFormDialogProps {
  /** null: a new endpoint; otherwise the one to edit. */
  webhook: Webhook | null;
  online: boolean;
  onClose: () => void;
  /** Saved: the endpoint as the server has it, and its secret when it was just created. */
  onSaved: (webhook: Webhook, secret: string | null) => void;
}

/**
 * Registers or edits an endpoint: URL (checked as the server checks it), the events as
 * checkboxes with their names, a description and whether it is active. Rendered while open, so
 * each opening starts from the endpoint's values.
 */
export function WebhookFormDialog({ webhook, online, onClose, onSaved }: WebhookFormDialogProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const titleId = useId();
  const eventsLabelId = useId();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(webhook?.events ?? []);
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [active, setActive] = useState(webhook?.active ?? true);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const eventsRef = useRef<HTMLDivElement>(null);

  const urlMessage = webhookUrlProblem(url.trim());
  const urlProblem = url.trim()
    ? urlMessage
      ? translate(urlMessage)
      : null
    : t('webhooks.form.urlRequired');
  const eventsProblem = events.length === 0 ? t('webhooks.form.eventsRequired') : null;

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((now) =>
      // Kept in the domain's order, so the list reads the same everywhere.
      SUBSCRIBABLE_EVENTS.filter((event) => (event === type ? on : now.includes(event))),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    // The work goes on at the first field to correct.
    if (urlProblem) urlRef.current?.focus();
    else if (eventsProblem) eventsRef.current?.querySelector('input')?.focus();
    if (busy || !online || urlProblem || eventsProblem) return;
    setBusy(true);
    setError(null);
    const fields = { url: url.trim(), events, description: description.trim(), active };
    try {
      if (webhook) {
        onSaved(await updateWebhook(webhook.id, fields), null);
      } else {
        const created = await createWebhook(fields);
        onSaved(created.webhook, created.secret);
      }
    } catch (failure) {
      setError(apiErrorText(t, language, failure));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="webhook-form"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          {webhook ? t('webhooks.form.editTitle') : t('webhooks.form.createTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('webhooks.form.url')}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              required
              autoFocus
              inputRef={urlRef}
              type="url"
              disabled={busy}
              error={checked && Boolean(urlProblem)}
              helperText={checked && urlProblem ? urlProblem : t('webhooks.form.urlHelp')}
              slotProps={{
                htmlInput: {
                  maxLength: WEBHOOK_URL_MAX,
                  inputMode: 'url',
                  spellCheck: false,
                  'data-testid': 'webhook-form-url',
                },
              }}
            />
            <FormControl
              component="fieldset"
              error={checked && Boolean(eventsProblem)}
              disabled={busy}
              required
            >
              <FormLabel component="legend" id={eventsLabelId}>
                {t('webhooks.form.events')}
              </FormLabel>
              <FormGroup aria-labelledby={eventsLabelId} ref={eventsRef}>
                {SUBSCRIBABLE_EVENTS.map((type) => (
                  <FormControlLabel
                    key={type}
                    sx={{ minHeight: 44 }}
                    control={
                      <Checkbox
                        checked={events.includes(type)}
                        onChange={(event) => toggle(type, event.target.checked)}
                      />
                    }
                    label={eventLabel(t, type)}
                  />
                ))}
              </FormGroup>
              {checked && eventsProblem && <FormHelperText>{eventsProblem}</FormHelperText>}
            </FormControl>
            <TextField
              label={t('webhooks.form.description')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              multiline
              minRows={2}
              disabled={busy}
              helperText={t('webhooks.form.descriptionHelp')}
              slotProps={{
                htmlInput: {
                  maxLength: WEBHOOK_DESCRIPTION_MAX,
                  'data-testid': 'webhook-form-description',
                },
              }}
            />
            <FormControlLabel
              sx={{ minHeight: 44 }}
              control={
                <Switch
                  checked={active}
                  onChange={(event) => setActive(event.target.checked)}
                  disabled={busy}
                />
              }
              label={t('webhooks.form.active')}
            />
            {webhook?.active && !active && (
              <Alert severity="info">{t('webhooks.form.deactivateHint')}</Alert>
            )}
            {!online && <Alert severity="info">{t('webhooks.offline')}</Alert>}
            {error && (
              <Alert severity="error" data-testid="webhook-form-error">
                {error}
              </Alert>
            )}
            {busy && <LinearProgress aria-label={t('webhooks.form.saving')} />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy} sx={{ minHeight: 44 }}>
            {t('webhooks.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !online}
            sx={{ minHeight: 44 }}
            data-testid="webhook-form-save"
          >
            {webhook ? t('webhooks.form.save') : t('webhooks.form.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
