import type { MessageText } from '../messages/message';
import type { FindingType, Importance, MeasureType } from './configured-types';

/**
 * The default configured types (SPEC sections 3 and 9). The data carries English texts, as the
 * configuration documents do; `*_LABELS` give both languages per id so the web app can show the
 * user's language without a second configuration.
 */

/**
 * Finding ("deviation") types: the value is the severity, higher is worse, which the deviation
 * schema counts; `fulfilment` is what the compliance schema counts, in percent: a remark leaves
 * the requirement fulfilled, a note nearly, a minor deviation half, a major one not at all
 * (docs/decisions.md, decision 67). `qkClass` makes
 * the QK number work on the default configuration (major = A, minor = B, note = C1; docs/
 * decisions.md "QK quality number"). `placeholder_text` is empty: a finding saved without text
 * keeps no text and is named by its type (decision 70).
 */
export const DEFAULT_FINDING_TYPES: readonly FindingType[] = [
  {
    id: '0',
    value: 0,
    text: 'Remark',
    short: 'R',
    description: 'A remark without deviation.',
    placeholder_text: '',
    is_no_deviation: false,
    is_not_applicable: false,
    auditItemState: null,
    fulfilment: 100,
  },
  {
    id: '1',
    value: 1,
    text: 'Note',
    short: 'N',
    description: 'A note pointing to a possible improvement.',
    placeholder_text: '',
    is_no_deviation: false,
    is_not_applicable: false,
    auditItemState: null,
    fulfilment: 90,
    qkClass: 'C1',
  },
  {
    id: '3',
    value: 3,
    text: 'Minor deviation',
    short: 'MI',
    description: 'A requirement is partly not fulfilled.',
    placeholder_text: '',
    is_no_deviation: false,
    is_not_applicable: false,
    auditItemState: null,
    fulfilment: 50,
    qkClass: 'B',
  },
  {
    id: '9',
    value: 9,
    text: 'Major deviation',
    short: 'MA',
    description: 'A requirement is not fulfilled.',
    placeholder_text: '',
    is_no_deviation: false,
    is_not_applicable: false,
    auditItemState: null,
    fulfilment: 0,
    qkClass: 'A',
  },
  {
    id: 'na',
    value: 0,
    text: 'Not applicable',
    short: 'NA',
    description: 'The question does not apply to this audit; the item is deactivated.',
    placeholder_text: '',
    is_no_deviation: false,
    is_not_applicable: true,
    auditItemState: 'deactivated',
  },
  {
    id: 'ok',
    value: 0,
    text: 'No deviation',
    short: 'OK',
    description: 'The requirement is fulfilled (conforming); the item is completed.',
    placeholder_text: '',
    is_no_deviation: true,
    is_not_applicable: false,
    auditItemState: 'completed',
  },
];

export const DEFAULT_FINDING_TYPE_LABELS: Readonly<Record<string, MessageText>> = {
  '0': { de: 'Bemerkung', en: 'Remark' },
  '1': { de: 'Hinweis', en: 'Note' },
  '3': { de: 'Nebenabweichung', en: 'Minor deviation' },
  '9': { de: 'Hauptabweichung', en: 'Major deviation' },
  na: { de: 'Nicht anwendbar', en: 'Not applicable' },
  ok: { de: 'Keine Abweichung', en: 'No deviation' },
};

/**
 * Audit item importances. 'nd' is "not defined" (the schema needs a non-empty id; a question's
 * importance '' means the same): no value, so scoring falls back to the item's Weight.
 */
export const DEFAULT_IMPORTANCES: readonly Importance[] = [
  { id: 'nd', value: null, description: 'Not defined', color: '#9e9e9e' },
  { id: '0', value: 0, description: 'Note', color: '#4caf50' },
  { id: '1', value: 1, description: 'Remark', color: '#2196f3' },
  { id: '3', value: 3, description: 'Important question', color: '#ff9800' },
  { id: '9', value: 9, description: 'Very important question', color: '#f44336' },
];

export const DEFAULT_IMPORTANCE_LABELS: Readonly<Record<string, MessageText>> = {
  nd: { de: 'Nicht definiert', en: 'Not defined' },
  '0': { de: 'Hinweis', en: 'Note' },
  '1': { de: 'Bemerkung', en: 'Remark' },
  '3': { de: 'Wichtige Frage', en: 'Important question' },
  '9': { de: 'Sehr wichtige Frage', en: 'Very important question' },
};

export const DEFAULT_MEASURE_TYPES: readonly MeasureType[] = [
  {
    id: 'immediate',
    text: 'Immediate action',
    short: 'IA',
    description: 'Contains the effect of a deviation right away.',
  },
  {
    id: 'corrective',
    text: 'Corrective action',
    short: 'CA',
    description: 'Removes the cause of a deviation so it does not recur.',
  },
  {
    id: 'preventive',
    text: 'Preventive action',
    short: 'PA',
    description: 'Removes the cause of a possible deviation before it occurs.',
  },
];

export const DEFAULT_MEASURE_TYPE_LABELS: Readonly<Record<string, MessageText>> = {
  immediate: { de: 'Sofortmaßnahme', en: 'Immediate action' },
  corrective: { de: 'Korrekturmaßnahme', en: 'Corrective action' },
  preventive: { de: 'Vorbeugemaßnahme', en: 'Preventive action' },
};
