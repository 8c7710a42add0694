import {
  ACTIVITY_MESSAGES,
  COMPANY_METADATA_LABELS,
  DEFAULT_AUDIT_WORKFLOW_LABELS,
  DEFAULT_CONFIGURATION,
  DEFAULT_FINDING_TYPE_LABELS,
  DEFAULT_IMPORTANCE_LABELS,
  DEFAULT_MEASURE_TYPE_LABELS,
  DEFAULT_MEASURE_WORKFLOW_LABELS,
  DEFAULT_STANDARD_LABELS,
  DOMAIN_MESSAGE_CATALOG,
  LEGACY_AUDIT_STATUS_LABELS,
  ROLE_LABELS,
} from '@qa/domain';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from './processes';

/**
 * Issue 34.6, one language at a time: what a page shows (its text, and the aria-labels, titles,
 * placeholders and alt texts a screen reader or a tooltip gives) is checked against the texts of
 * the other language, from the web app's catalogues and the domain's bilingual texts (messages,
 * default configuration labels, default standards), and for raw catalogue keys.
 */
type Language = 'de' | 'en';

const catalogue = (language: Language): unknown =>
  JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'apps/web/src/locales', `${language}.json`), 'utf8'),
  );
const de = catalogue('de');
const en = catalogue('en');

/**
 * Texts that are the same word in both languages' real use although one catalogue spells them
 * for one language only. Each with its reason; nothing else is exempt.
 */
const ALLOWED: ReadonlyMap<string, string> = new Map([
  // 'text', 'reason' pairs, when a screen shows one that is right there.
]);

/** Shorter texts ("OK", "n.e.", "CSV") are codes or abbreviations, not words of a language. */
const MIN_LENGTH = 4;

function flatten(value: unknown, prefix = '', into = new Map<string, string>()) {
  if (typeof value === 'string') into.set(prefix, value);
  else if (typeof value === 'object' && value !== null)
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/** Every text of one language: web catalogue plus the domain's bilingual texts. */
function textsOf(language: Language): Set<string> {
  const texts = new Set(flatten(language === 'de' ? de : en).values());
  const bilingual = [
    DOMAIN_MESSAGE_CATALOG,
    ACTIVITY_MESSAGES,
    DEFAULT_FINDING_TYPE_LABELS,
    DEFAULT_IMPORTANCE_LABELS,
    DEFAULT_MEASURE_TYPE_LABELS,
    DEFAULT_AUDIT_WORKFLOW_LABELS,
    DEFAULT_MEASURE_WORKFLOW_LABELS,
    LEGACY_AUDIT_STATUS_LABELS,
    ROLE_LABELS,
    COMPANY_METADATA_LABELS,
  ];
  for (const labels of bilingual)
    for (const text of Object.values(labels))
      texts.add(text[language].replace(/\{(\w+)\}/g, '{{$1}}'));
  for (const standard of Object.values(DEFAULT_STANDARD_LABELS)) {
    texts.add(standard.description[language]);
    for (const chapter of Object.values(standard.chapters)) texts.add(chapter[language]);
  }
  // The default configuration: labels as {de, en}, the rest written in English, so a phrase of
  // it on a German screen is a configured text shown as stored, not in the user's language.
  for (const [key, text] of flatten(DEFAULT_CONFIGURATION)) {
    const tagged = /\.(de|en)$/.exec(key)?.[1];
    if (tagged ? tagged === language : language === 'en' && /[a-z] [a-z]/i.test(text))
      texts.add(text);
  }
  return texts;
}

interface Matcher {
  text: string;
  test: (segment: string, line: string) => boolean;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const letters = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '').replace(/[^\p{L}]/gu, '');

/**
 * A text of one language only, as a test on what a page shows: a phrase anywhere in a line (its
 * placeholders match anything), a single word only as a whole segment (between separators), so
 * "Plant" in a name does not count, but a chip or a button reading "Plant" does.
 */
function matcherOf(text: string): Matcher | null {
  if (ALLOWED.has(text) || letters(text).length < MIN_LENGTH) return null;
  // Placeholders keep the spaces around them: "Import {{count}} question" is not "Important question".
  const parts = text
    .trim()
    .split(/\{\{[^}]*\}\}/)
    .map(escape);
  const pattern = parts.filter(Boolean).join('.+?');
  if (/\s/.test(text.replace(/\{\{[^}]*\}\}/g, '').trim())) {
    const regex = new RegExp(`(^|[^\\p{L}])${pattern}($|[^\\p{L}])`, 'u');
    return { text, test: (_, line) => regex.test(line) };
  }
  if (text.includes('{{')) return null;
  const word = text.trim();
  return { text, test: (segment) => segment === word };
}

const MATCHERS = { de: buildMatchers('de'), en: buildMatchers('en') };

/** For a page in `language`: the texts only the other language has. */
function buildMatchers(language: Language): Matcher[] {
  const own = new Set([...textsOf(language)].map((text) => text.trim().toLowerCase()));
  const other = textsOf(language === 'de' ? 'en' : 'de');
  return [...other]
    .filter((text) => !own.has(text.trim().toLowerCase()))
    .flatMap((text) => matcherOf(text) ?? []);
}

const KEYS = new Set(
  [...flatten(en).keys(), ...Object.keys(DOMAIN_MESSAGE_CATALOG)].map((key) =>
    key.replace(/_(zero|one|two|few|many|other)$/, ''),
  ),
);
const KEY_LIKE = /\b[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+\b/g;

/**
 * Where a screen shows data as it is stored, in whatever language it was written: the
 * configuration's JSON editor.
 */
const DATA_AS_STORED = ['.cm-editor'];

/** What the page shows now: its text by line, and the labels that are not text on screen. */
export async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate((asStored) => {
    const hidden = [...document.querySelectorAll<HTMLElement>(asStored.join(','))];
    // Important: CodeMirror's own style sets its display with !important.
    for (const element of hidden) element.style.setProperty('display', 'none', 'important');
    const lines = document.body.innerText.split('\n');
    for (const element of hidden) element.style.removeProperty('display');
    for (const element of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) lines.push(value);
      }
    }
    return lines.map((line) => line.trim()).filter(Boolean);
  }, DATA_AS_STORED);
}

/** Lines of `texts` that have a text of the other language or a raw key, with what was found. */
export function languageLeaks(texts: readonly string[], language: Language): string[] {
  const found = new Set<string>();
  for (const line of texts) {
    const segments = line.split(/\s*(?:[·|:,;()–—/]|\s-\s)\s*/).map((s) => s.trim());
    segments.push(line);
    for (const matcher of MATCHERS[language]) {
      if (segments.some((segment) => matcher.test(segment, line)))
        found.add(`"${matcher.text}" in "${line}"`);
    }
    for (const key of line.match(KEY_LIKE) ?? [])
      if (KEYS.has(key)) found.add(`raw key ${key} in "${line}"`);
  }
  return [...found];
}

/** Fails with every leak on the page, named by where it was seen. */
export async function expectOneLanguage(page: Page, language: Language, where: string) {
  const leaks = languageLeaks(await shownTexts(page), language);
  if (leaks.length > 0) throw new Error(`${where} (${language}):\n  ${leaks.join('\n  ')}`);
}
