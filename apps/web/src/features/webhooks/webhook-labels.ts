import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PING_EVENT,
  type WebhookAttemptError,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '@qa/domain';
import type { TFunction } from 'i18next';

/**
 * The label of each event type, in the order of WEBHOOK_EVENT_TYPES (the tuple type keeps the two
 * the same length; webhook-labels.test.ts checks the order by the English names). An index, not
 * the type names as keys: those look like catalog keys (audit dot created) to the catalog check.
 */
type KeyPerEntry<T extends readonly unknown[]> = { readonly [I in keyof T]: string };
const EVENT_LABEL_KEYS: KeyPerEntry<typeof WEBHOOK_EVENT_TYPES> = [
  'webhooks.events.auditCreated',
  'webhooks.events.auditStatusChanged',
  'webhooks.events.auditCompleted',
  'webhooks.events.findingCreated',
  'webhooks.events.measureCreated',
  'webhooks.events.measureStatusChanged',
  'webhooks.events.measureOverdue',
];

/** An event type's name in the user's language; an unknown one (a newer server's) as it is. */
export function eventLabel(t: TFunction, type: string): string {
  if (type === WEBHOOK_PING_EVENT) return t('webhooks.events.ping');
  const index = (WEBHOOK_EVENT_TYPES as readonly string[]).indexOf(type);
  return index < 0 ? type : t(EVENT_LABEL_KEYS[index as 0]);
}

/** The event types offered to subscribe, in the order of the domain's list. */
export const SUBSCRIBABLE_EVENTS: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES;

export function deliveryStatusLabel(t: TFunction, status: WebhookDeliveryStatus): string {
  switch (status) {
    case 'pending':
      return t('webhooks.deliveries.statusPending');
    case 'delivered':
      return t('webhooks.deliveries.statusDelivered');
    case 'failed':
      return t('webhooks.deliveries.statusFailed');
  }
}

const ATTEMPT_ERROR_KEYS: Record<WebhookAttemptError, string> = {
  unreachable: 'webhooks.deliveries.errors.unreachable',
  address_blocked: 'webhooks.deliveries.errors.addressBlocked',
  endpoint_deactivated: 'webhooks.deliveries.errors.endpointDeactivated',
  endpoint_deleted: 'webhooks.deliveries.errors.endpointDeleted',
  server_shutdown: 'webhooks.deliveries.errors.serverShutdown',
};

/** Why an attempt got no answer, in the user's language; an unknown code (a newer server's) as it is. */
export function attemptErrorLabel(t: TFunction, error: string): string {
  const key = Object.hasOwn(ATTEMPT_ERROR_KEYS, error)
    ? ATTEMPT_ERROR_KEYS[error as WebhookAttemptError]
    : null;
  return key ? t(key) : error;
}
