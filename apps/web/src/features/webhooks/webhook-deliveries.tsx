import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  WEBHOOK_DELIVERY_STATUSES,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@qa/domain';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { apiErrorText } from '../../lib/api/api-error-text';
import type { Language } from '../../lib/i18n/detect-language';
import { formatDate } from '../../lib/i18n/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { attemptErrorLabel, deliveryStatusLabel, eventLabel } from './webhook-labels';
import { listWebhookDeliveries, resendWebhookDelivery } from './webhooks-api';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
/** One page of the log; the server allows up to 100. */
export const DELIVERIES_PAGE_SIZE = 25;
const ALL = 'all';

/** Chip colours whose label meets WCAG AA contrast (MUI's info blue with white text does not). */
const STATUS_COLOR: Record<WebhookDeliveryStatus, 'success' | 'default' | 'error'> = {
  delivered: 'success',
  pending: 'default',
  failed: 'error',
};

interface LogState {
  deliveries: WebhookDelivery[];
  nextCursor: string | null;
  /** 'first': the first page (or a reload) is loading; 'more': the next page. */
  loading: 'first' | 'more' | null;
  loaded: boolean;
  error: string | null;
}

const EMPTY: LogState = {
  deliveries: [],
  nextCursor: null,
  loading: null,
  loaded: false,
  error: null,
};

/**
 * An endpoint's delivery log (issue 16): newest first, a page at a time ("load more" follows the
 * server's cursor), filtered by status, each delivery with its attempts, last answer and a
 * "resend". `reloadKey` changes when the page queued something new (a test event).
 */
export function WebhookDeliveries({
  webhook,
  online,
  reloadKey,
}: {
  webhook: Webhook;
  online: boolean;
  reloadKey: number;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { show } = useSnackbar();
  const [status, setStatus] = useState<WebhookDeliveryStatus | typeof ALL>(ALL);
  const [log, setLog] = useState<LogState>(EMPTY);
  const [resending, setResending] = useState<string | null>(null);
  const loads = useRef(0);
  /** Whether the latest load has not answered yet. */
  const loading = useRef(false);
  const filterId = `webhook-${webhook.id}-status`;

  const load = useCallback(
    async (cursor: string | null) => {
      const mine = ++loads.current;
      loading.current = true;
      setLog((now) => ({ ...now, loading: cursor ? 'more' : 'first', error: null }));
      try {
        const page = await listWebhookDeliveries(webhook.id, {
          cursor,
          status: status === ALL ? null : status,
          limit: DELIVERIES_PAGE_SIZE,
        });
        if (mine !== loads.current) return;
        loading.current = false;
        setLog((now) => ({
          deliveries: cursor ? [...now.deliveries, ...page.deliveries] : page.deliveries,
          nextCursor: page.nextCursor,
          loading: null,
          loaded: true,
          error: null,
        }));
      } catch (failure) {
        if (mine !== loads.current) return;
        loading.current = false;
        setLog((now) => ({ ...now, loading: null, error: apiErrorText(t, language, failure) }));
      }
    },
    [webhook.id, status, t, language],
  );

  useEffect(() => {
    if (online) void load(null);
  }, [online, load, reloadKey]);

  const resend = async (delivery: WebhookDelivery) => {
    setResending(delivery.id);
    try {
      const again = await resendWebhookDelivery(delivery.id);
      setLog((now) => ({
        ...now,
        deliveries: now.deliveries.map((entry) => (entry.id === again.id ? again : entry)),
      }));
      show({ type: 'success', message: t('webhooks.deliveries.resent') });
      // A load under way may have read the log before the resend and would put the old state
      // back: a fresh one takes its place.
      if (loading.current) void load(null);
    } catch (failure) {
      show({ type: 'error', message: apiErrorText(t, language, failure) });
    } finally {
      setResending(null);
    }
  };

  return (
    <Box data-testid="webhook-deliveries" sx={{ mt: 1 }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}
      >
        <TextField
          select
          size="small"
          id={filterId}
          label={t('webhooks.deliveries.filter')}
          value={status}
          onChange={(event) => setStatus(event.target.value as WebhookDeliveryStatus | typeof ALL)}
          sx={{ minWidth: 200, '& .MuiInputBase-root': { minHeight: 44 } }}
          slotProps={{ htmlInput: { 'data-testid': 'webhook-deliveries-filter' } }}
        >
          <MenuItem value={ALL} sx={{ minHeight: 44 }}>
            {t('webhooks.deliveries.statusAll')}
          </MenuItem>
          {WEBHOOK_DELIVERY_STATUSES.map((value) => (
            <MenuItem key={value} value={value} sx={{ minHeight: 44 }}>
              {deliveryStatusLabel(t, value)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          onClick={() => void load(null)}
          disabled={!online || log.loading !== null}
          sx={{ minHeight: 44 }}
          data-testid="webhook-deliveries-reload"
        >
          {t('webhooks.deliveries.reload')}
        </Button>
      </Stack>
      {log.loading === 'first' && <LinearProgress aria-label={t('webhooks.deliveries.loading')} />}
      {log.error && (
        <Alert severity="error" data-testid="webhook-deliveries-error">
          {log.error}
        </Alert>
      )}
      {log.loaded && log.deliveries.length === 0 && log.loading === null && (
        <Typography color="text.secondary" data-testid="webhook-deliveries-empty" sx={{ py: 1 }}>
          {status === ALL ? t('webhooks.deliveries.empty') : t('webhooks.deliveries.emptyFiltered')}
        </Typography>
      )}
      {log.deliveries.length > 0 && (
        <List dense aria-label={t('webhooks.deliveries.title')}>
          {log.deliveries.map((delivery) => (
            <ListItem
              key={delivery.id}
              divider
              data-testid="webhook-delivery"
              sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}
            >
              <ListItemText
                sx={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere' }}
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
                  >
                    <span>{eventLabel(t, delivery.eventType)}</span>
                    <Chip
                      size="small"
                      color={STATUS_COLOR[delivery.status]}
                      label={deliveryStatusLabel(t, delivery.status)}
                      data-testid="webhook-delivery-status"
                    />
                  </Box>
                }
                secondary={<DeliveryFacts delivery={delivery} t={t} language={language} />}
              />
              <Button
                variant="outlined"
                size="small"
                onClick={() => void resend(delivery)}
                disabled={!online || resending !== null}
                sx={{ minHeight: 44 }}
                aria-label={t('webhooks.deliveries.resendNamed', {
                  event: eventLabel(t, delivery.eventType),
                  date: formatDate(delivery.createdAt, language, DATE_TIME),
                })}
                data-testid="webhook-delivery-resend"
              >
                {resending === delivery.id
                  ? t('webhooks.deliveries.resending')
                  : t('webhooks.deliveries.resend')}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
      {log.loading === 'more' && (
        <LinearProgress aria-label={t('webhooks.deliveries.loadingMore')} />
      )}
      {log.nextCursor && (
        <Button
          variant="text"
          onClick={() => void load(log.nextCursor)}
          disabled={!online || log.loading !== null}
          sx={{ minHeight: 44, mt: 1 }}
          data-testid="webhook-deliveries-more"
        >
          {t('webhooks.deliveries.loadMore')}
        </Button>
      )}
    </Box>
  );
}

function DeliveryFacts({
  delivery,
  t,
  language,
}: {
  delivery: WebhookDelivery;
  t: TFunction;
  language: Language;
}) {
  const at = (value: string) => formatDate(value, language, DATE_TIME);
  const lines = [t('webhooks.deliveries.createdAt', { date: at(delivery.createdAt) })];
  lines.push(t('webhooks.deliveries.attempts', { count: delivery.attempts }));
  if (delivery.lastStatusCode !== null)
    lines.push(t('webhooks.deliveries.lastStatus', { code: delivery.lastStatusCode }));
  if (delivery.lastError)
    lines.push(
      t('webhooks.deliveries.lastError', { error: attemptErrorLabel(t, delivery.lastError) }),
    );
  if (delivery.deliveredAt)
    lines.push(t('webhooks.deliveries.deliveredAt', { date: at(delivery.deliveredAt) }));
  if (delivery.status === 'pending' && delivery.nextAttemptAt)
    lines.push(t('webhooks.deliveries.nextAttemptAt', { date: at(delivery.nextAttemptAt) }));
  return (
    <>
      {lines.map((line, index) => (
        <Box
          component="span"
          key={index}
          sx={{ display: 'block' }}
          data-testid="webhook-delivery-fact"
        >
          {line}
        </Box>
      ))}
    </>
  );
}
