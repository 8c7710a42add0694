import { DOMAIN_MESSAGE_CATALOG, formatMessage, type DomainMessage } from '@qa/domain';
import { useCallback } from 'react';
import { useLanguage } from './use-language';

/**
 * The domain's messages: the server rejects with these keys and the domain's rules return them,
 * so the web app translates them from the domain's own texts instead of copying them.
 */
const DOMAIN_CATALOG = DOMAIN_MESSAGE_CATALOG;

export function hasDomainMessage(key: string): boolean {
  return Object.hasOwn(DOMAIN_CATALOG, key);
}

/** The message in the language; an unknown key is shown as the key itself (never blank). */
export function translateDomainMessage(message: DomainMessage, language: 'de' | 'en'): string {
  return formatMessage(DOMAIN_CATALOG, message, language);
}

/** `translateDomainMessage` bound to the current UI language. */
export function useDomainMessage(): (message: DomainMessage) => string {
  const { language } = useLanguage();
  return useCallback((message) => translateDomainMessage(message, language), [language]);
}
