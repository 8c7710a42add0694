import { WEBHOOK_ATTEMPT_ERRORS, WEBHOOK_EVENT_TYPES, WEBHOOK_PING_EVENT } from '@qa/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { attemptErrorLabel, deliveryStatusLabel, eventLabel } from './webhook-labels';

/** `t` that answers with the key, to see which key each type is given. */
const keyOf = ((key: string) => key) as unknown as TFunction;

describe('webhook labels', () => {
  it('names each event type by its own key (the index list is in the domain order)', () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      const camel = type.replace(/[._](\w)/g, (_whole, letter: string) => letter.toUpperCase());
      expect(eventLabel(keyOf, type)).toBe(`webhooks.events.${camel}`);
    }
    expect(eventLabel(keyOf, WEBHOOK_PING_EVENT)).toBe(`webhooks.events.ping`);
  });

  it('translates them and keeps an unknown type as it is', () => {
    const de = createI18n('de').t;
    expect(WEBHOOK_EVENT_TYPES.map((type) => eventLabel(de, type))).toEqual([
      'Audit angelegt',
      'Auditstatus geändert',
      'Audit abgeschlossen',
      'Feststellung erfasst',
      'Maßnahme angelegt',
      'Maßnahmenstatus geändert',
      'Maßnahme überfällig',
    ]);
    expect(eventLabel(de, 'something.new')).toBe('something.new');
    expect(deliveryStatusLabel(de, 'failed')).toBe('Fehlgeschlagen');
  });

  it("translates every reason an attempt got no answer (never the receiver's words)", () => {
    const de = createI18n('de').t;
    const en = createI18n('en').t;
    for (const error of WEBHOOK_ATTEMPT_ERRORS) {
      expect(attemptErrorLabel(de, error), error).not.toMatch(/webhooks\.|_/);
      expect(attemptErrorLabel(de, error)).not.toBe(attemptErrorLabel(en, error));
    }
    expect(attemptErrorLabel(de, 'unreachable')).toBe(
      'keine HTTP-Antwort (Adresse nicht erreichbar, Verbindung abgelehnt oder Zeit überschritten)',
    );
    expect(attemptErrorLabel(de, 'something_new')).toBe('something_new');
  });
});
