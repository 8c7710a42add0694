import AddIcon from '@mui/icons-material/Add';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import DialogContentText from '@mui/material/DialogContentText';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { can, type Webhook } from '@qa/domain';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/dialog/confirm-delete-dialog';
import { SecretOnceDialog } from '../../components/dialog/secret-once-dialog';
import { PageLayout } from '../../components/pages/page-layout';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { apiErrorText } from '../../lib/api/api-error-text';
import { formatDate } from '../../lib/i18n/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { useOnlineStatus } from '../../lib/online/use-online-status';
import { usePerson } from '../../lib/session/session-provider';
import { eventLabel } from './webhook-labels';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookFormDialog } from './webhook-form-dialog';
import { deleteWebhook, listWebhooks, rotateWebhookSecret, sendWebhookTest } from './webhooks-api';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

type ListState =
  | { status: 'idle' | 'loading' }
  | { status: 'loaded'; webhooks: Webhook[] }
  | { status: 'failed'; message: string };

/** What the secret dialog shows: a new endpoint's secret or a rotated one. */
interface ShownSecret {
  webhook: Webhook;
  secret: string;
  rotated: boolean;
}

/** Whether the signed-in person manages webhooks (the permission table: admins). */
export function useMayManageWebhooks(): boolean {
  const person = usePerson();
  return can(person?.roles ?? [], 'webhook.manage');
}

/**
 * /webhooks (issue 16): the admin registers the endpoints of other systems (ERP, CAQ, tickets)
 * that get the product's events, sees each endpoint's delivery log and resends. All of it lives
 * on the server (docs/webhooks.md "Admin API"): offline the page says so and changes nothing.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const mayManage = useMayManageWebhooks();
  return (
    <PageLayout title={t('webhooks.title')}>
      {mayManage ? (
        <WebhooksAdmin />
      ) : (
        <Alert severity="warning" data-testid="webhooks-forbidden">
          {t('webhooks.adminOnly')}
        </Alert>
      )}
    </PageLayout>
  );
}

function WebhooksAdmin() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { show } = useSnackbar();
  const online = useOnlineStatus();
  const [state, setState] = useState<ListState>({ status: 'idle' });
  /** The form: undefined closed, null a new endpoint, else the endpoint edited. */
  const [editing, setEditing] = useState<Webhook | null | undefined>(undefined);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'delete' | 'rotate'; webhook: Webhook } | null>(
    null,
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [reloadKeys, setReloadKeys] = useState<Record<string, number>>({});
  const [openLogs, setOpenLogs] = useState<ReadonlySet<string>>(new Set());
  const loads = useRef(0);
  const createRef = useRef<HTMLButtonElement>(null);
  const [focusCreate, setFocusCreate] = useState(0);

  // A deleted endpoint's card, and the button that asked, are gone: the work goes on at the top
  // of the list. In an effect, so it comes after the question dialog gave the focus back.
  useEffect(() => {
    if (focusCreate > 0) createRef.current?.focus();
  }, [focusCreate]);

  const load = useCallback(async () => {
    const mine = ++loads.current;
    setState({ status: 'loading' });
    try {
      const webhooks = await listWebhooks();
      if (mine === loads.current) setState({ status: 'loaded', webhooks });
    } catch (failure) {
      if (mine === loads.current)
        setState({ status: 'failed', message: apiErrorText(t, language, failure) });
    }
  }, [t, language]);

  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  const replace = (webhook: Webhook) =>
    setState((now) =>
      now.status === 'loaded'
        ? {
            ...now,
            webhooks: now.webhooks.some((entry) => entry.id === webhook.id)
              ? now.webhooks.map((entry) => (entry.id === webhook.id ? webhook : entry))
              : [...now.webhooks, webhook],
          }
        : now,
    );

  const run = async (webhook: Webhook, action: () => Promise<void>) => {
    setBusy(webhook.id);
    try {
      await action();
    } catch (failure) {
      show({ type: 'error', message: apiErrorText(t, language, failure) });
    } finally {
      setBusy(null);
    }
  };

  const confirmed = (target: { kind: 'delete' | 'rotate'; webhook: Webhook }) =>
    run(target.webhook, async () => {
      setConfirm(null);
      if (target.kind === 'delete') {
        await deleteWebhook(target.webhook.id);
        setState((now) =>
          now.status === 'loaded'
            ? { ...now, webhooks: now.webhooks.filter((entry) => entry.id !== target.webhook.id) }
            : now,
        );
        show({ type: 'success', message: t('webhooks.deleted') });
        setFocusCreate((count) => count + 1);
      } else {
        const answer = await rotateWebhookSecret(target.webhook.id);
        replace(answer.webhook);
        setSecret({ webhook: answer.webhook, secret: answer.secret, rotated: true });
      }
    });

  const sendTest = (webhook: Webhook) =>
    run(webhook, async () => {
      await sendWebhookTest(webhook.id);
      show({ type: 'success', message: t('webhooks.testQueued') });
      setReloadKeys((now) => ({ ...now, [webhook.id]: (now[webhook.id] ?? 0) + 1 }));
      setOpenLogs((now) => new Set(now).add(webhook.id));
    });

  const webhooks = state.status === 'loaded' ? state.webhooks : [];

  return (
    <Stack spacing={2} data-testid="webhooks">
      <Typography color="text.secondary">{t('webhooks.intro')}</Typography>
      {!online && (
        <Alert severity="info" data-testid="webhooks-offline">
          {t('webhooks.offline')}
        </Alert>
      )}
      <Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          ref={createRef}
          onClick={() => setEditing(null)}
          disabled={!online}
          sx={{ minHeight: 44 }}
          data-testid="webhook-create"
        >
          {t('webhooks.create')}
        </Button>
      </Box>
      {state.status === 'loading' && <LinearProgress aria-label={t('webhooks.loading')} />}
      {state.status === 'failed' && (
        <Alert
          severity="error"
          data-testid="webhooks-error"
          action={
            <Button
              color="inherit"
              onClick={() => void load()}
              disabled={!online}
              sx={{ minHeight: 44 }}
            >
              {t('webhooks.retry')}
            </Button>
          }
        >
          {state.message}
        </Alert>
      )}
      {state.status === 'loaded' && webhooks.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }} data-testid="webhooks-empty">
          <Typography sx={{ fontWeight: 500 }}>{t('webhooks.emptyTitle')}</Typography>
          <Typography color="text.secondary">{t('webhooks.emptyText')}</Typography>
        </Paper>
      )}
      {webhooks.map((webhook) => (
        <WebhookCard
          key={webhook.id}
          webhook={webhook}
          online={online}
          busy={busy === webhook.id}
          logOpen={openLogs.has(webhook.id)}
          reloadKey={reloadKeys[webhook.id] ?? 0}
          onToggleLog={() =>
            setOpenLogs((now) => {
              const next = new Set(now);
              if (!next.delete(webhook.id)) next.add(webhook.id);
              return next;
            })
          }
          onEdit={() => setEditing(webhook)}
          onTest={() => void sendTest(webhook)}
          onRotate={() => setConfirm({ kind: 'rotate', webhook })}
          onDelete={() => setConfirm({ kind: 'delete', webhook })}
        />
      ))}

      {editing !== undefined && (
        <WebhookFormDialog
          webhook={editing}
          online={online}
          onClose={() => setEditing(undefined)}
          onSaved={(saved, newSecret) => {
            setEditing(undefined);
            replace(saved);
            if (newSecret) setSecret({ webhook: saved, secret: newSecret, rotated: false });
            else show({ type: 'success', message: t('webhooks.saved') });
          }}
        />
      )}

      <ConfirmDeleteDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        onConfirm={() => confirm && void confirmed(confirm)}
        title={confirm?.kind === 'rotate' ? t('webhooks.rotateTitle') : t('webhooks.deleteTitle')}
        cancelLabel={t('webhooks.cancel')}
        confirmLabel={confirm?.kind === 'rotate' ? t('webhooks.rotate') : t('webhooks.delete')}
        confirmDisabled={!online}
        confirmTestId="webhooks-confirm"
      >
        <DialogContentText sx={{ overflowWrap: 'anywhere' }} data-testid="webhooks-question">
          {confirm?.kind === 'rotate'
            ? t('webhooks.rotateText', { url: confirm.webhook.url })
            : t('webhooks.deleteText', { url: confirm?.webhook.url ?? '' })}
        </DialogContentText>
      </ConfirmDeleteDialog>

      <SecretOnceDialog
        secret={secret?.secret ?? null}
        title={secret?.rotated ? t('webhooks.secretRotatedTitle') : t('webhooks.secretTitle')}
        onClose={() => setSecret(null)}
        testId="webhook-secret"
      >
        {secret && (
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            {t('webhooks.secretText', { url: secret.webhook.url })}
          </DialogContentText>
        )}
      </SecretOnceDialog>
    </Stack>
  );
}

function WebhookCard({
  webhook,
  online,
  busy,
  logOpen,
  reloadKey,
  onToggleLog,
  onEdit,
  onTest,
  onRotate,
  onDelete,
}: {
  webhook: Webhook;
  online: boolean;
  busy: boolean;
  logOpen: boolean;
  reloadKey: number;
  onToggleLog: () => void;
  onEdit: () => void;
  onTest: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const titleId = useId();
  const logId = useId();
  const disabled = busy || !online;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="webhook"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={1}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            id={titleId}
            sx={{
              fontFamily: 'monospace',
              overflowWrap: 'anywhere',
              minWidth: 0,
              flex: '1 1 16rem',
            }}
            data-testid="webhook-url"
          >
            {webhook.url}
          </Typography>
          <Chip
            size="small"
            color={webhook.active ? 'success' : 'default'}
            label={webhook.active ? t('webhooks.active') : t('webhooks.inactive')}
            data-testid="webhook-active"
          />
        </Box>
        {webhook.description && (
          <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="webhook-description">
            {webhook.description}
          </Typography>
        )}
        <Box
          component="ul"
          aria-label={t('webhooks.form.events')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
          data-testid="webhook-events"
        >
          {webhook.events.map((type) => (
            <li key={type}>
              <Chip size="small" variant="outlined" label={eventLabel(t, type)} />
            </li>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('webhooks.createdAt', { date: formatDate(webhook.createdAt, language, DATE_TIME) })}
        </Typography>
        {busy && <LinearProgress aria-label={t('webhooks.working')} />}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', pt: 1 }}>
          <Button
            variant="outlined"
            onClick={onEdit}
            disabled={disabled}
            sx={{ minHeight: 44 }}
            data-testid="webhook-edit"
          >
            {t('webhooks.edit')}
          </Button>
          <Button
            variant="outlined"
            onClick={onTest}
            disabled={disabled}
            sx={{ minHeight: 44 }}
            data-testid="webhook-test"
          >
            {t('webhooks.test')}
          </Button>
          <Button
            variant="outlined"
            onClick={onRotate}
            disabled={disabled}
            sx={{ minHeight: 44 }}
            data-testid="webhook-rotate"
          >
            {t('webhooks.rotate')}
          </Button>
          <Button
            variant="text"
            onClick={onToggleLog}
            aria-expanded={logOpen}
            aria-controls={logId}
            endIcon={logOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            sx={{ minHeight: 44 }}
            data-testid="webhook-log-toggle"
          >
            {t('webhooks.deliveries.title')}
          </Button>
          {/* Destructive, and apart from the rest. */}
          <Box sx={{ flex: '1 0 auto', display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              variant="outlined"
              color="error"
              onClick={onDelete}
              disabled={disabled}
              sx={{ minHeight: 44 }}
              data-testid="webhook-delete"
            >
              {t('webhooks.delete')}
            </Button>
          </Box>
        </Box>
        <Collapse in={logOpen} unmountOnExit>
          <Box id={logId}>
            <WebhookDeliveries webhook={webhook} online={online} reloadKey={reloadKey} />
          </Box>
        </Collapse>
      </Stack>
    </Paper>
  );
}
