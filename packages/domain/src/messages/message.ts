/**
 * A user-visible message of the domain: a stable key, its German and English text. Rules return
 * keys (and parameters), never texts, so the server can answer with a code and the web app
 * translates it; `{name}` placeholders are filled by `formatMessage`.
 */
export interface MessageText {
  de: string;
  en: string;
}

export type MessageCatalog = Record<string, MessageText>;

export type Language = keyof MessageText;

/**
 * SPEC section 1: German when a person's preferred language (a BCP 47 tag such as the browser's
 * first language or Accept-Language's first entry) is German, English for everything else.
 */
export function languageOfPreference(preferred: string | undefined): Language {
  return (preferred ?? '').trim().toLowerCase().startsWith('de') ? 'de' : 'en';
}

/** Keeps the literal keys of a catalog while checking every entry has both languages. */
export function defineMessages<const T extends MessageCatalog>(catalog: T): T {
  return catalog;
}

/** A message a rule produced: key plus the values for its placeholders. */
export interface DomainMessage {
  key: string;
  params?: Record<string, string | number>;
}

export function formatMessage(
  catalog: MessageCatalog,
  message: DomainMessage,
  language: Language,
): string {
  const entry = catalog[message.key];
  if (!entry) return message.key;
  return entry[language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    message.params && name in message.params ? String(message.params[name]) : whole,
  );
}
