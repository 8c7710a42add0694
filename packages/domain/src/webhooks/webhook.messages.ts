import { defineMessages } from '../messages/message';

/** What the webhook admin API answers with (docs/webhooks.md), in both languages. */
export const WEBHOOK_MESSAGES = defineMessages({
  'webhook.urlInvalid': {
    de: 'Die Adresse muss eine http- oder https-URL ohne Benutzername und Passwort sein',
    en: 'The address must be an http or https URL without user name and password',
  },
  'webhook.addressBlocked': {
    de: 'Webhooks dürfen keine internen Adressen erreichen (diesen Rechner, lokale oder private Netze); Empfänger im eigenen Netz gibt der Serverbetrieb mit WEBHOOK_ALLOWED_HOSTS frei',
    en: "Webhooks may not reach internal addresses (this machine, local or private networks); the server's operators allow receivers in your own network with WEBHOOK_ALLOWED_HOSTS",
  },
  'webhook.notFound': { de: 'Webhook nicht gefunden', en: 'Webhook not found' },
  'webhook.deliveryNotFound': { de: 'Zustellung nicht gefunden', en: 'Delivery not found' },
  'webhook.tooMany': {
    de: 'Höchstens {max} Webhooks sind möglich',
    en: 'At most {max} webhooks are possible',
  },
  'webhook.cursorInvalid': { de: 'Ungültiger Seitenzeiger', en: 'Invalid page cursor' },
  'webhook.adminOnly': {
    de: 'Nur Administratoren verwalten Webhooks',
    en: 'Only administrators manage webhooks',
  },
});
export type WebhookMessageKey = keyof typeof WEBHOOK_MESSAGES;
