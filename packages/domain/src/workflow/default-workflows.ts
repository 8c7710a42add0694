import type { MessageText } from '../messages/message';
import type { Workflow, WorkflowStatus } from './workflow.schema';

/**
 * The default workflows (SPEC section 4). Descriptions are English as in the configuration
 * document; `*_LABELS` give both languages per status id (and per transition `from>to`).
 */

export const DEFAULT_AUDIT_WORKFLOW: Workflow = {
  statuses: [
    { id: '1', description: 'New', start: true },
    { id: '2', description: 'Preparation' },
    { id: '3', description: 'Execution' },
    { id: '4', description: 'Wrap Up' },
    { id: '5', description: 'Reporting' },
    { id: '6', description: 'Completed', end: true },
  ],
  transitions: [
    { from: '1', to: '2', description: 'Created' },
    { from: '2', to: '3', description: 'Prepared' },
    { from: '3', to: '4', description: 'Executed' },
    { from: '4', to: '5', description: 'Ready for Reporting' },
    { from: '5', to: '6', description: 'Completed' },
  ],
};

export const DEFAULT_AUDIT_WORKFLOW_LABELS: Readonly<Record<string, MessageText>> = {
  '1': { de: 'Neu', en: 'New' },
  '2': { de: 'Vorbereitung', en: 'Preparation' },
  '3': { de: 'Durchführung', en: 'Execution' },
  '4': { de: 'Nachbereitung', en: 'Wrap Up' },
  '5': { de: 'Berichterstellung', en: 'Reporting' },
  '6': { de: 'Abgeschlossen', en: 'Completed' },
  '1>2': { de: 'Angelegt', en: 'Created' },
  '2>3': { de: 'Vorbereitet', en: 'Prepared' },
  '3>4': { de: 'Durchgeführt', en: 'Executed' },
  '4>5': { de: 'Bereit für den Bericht', en: 'Ready for Reporting' },
  '5>6': { de: 'Abgeschlossen', en: 'Completed' },
};

/** The older status list still shipped in the default configuration (German in the data). */
export const LEGACY_AUDIT_STATUSES: readonly WorkflowStatus[] = [
  { id: '1', description: 'Neu', start: true },
  { id: '2', description: 'Geplant' },
  { id: '3', description: 'Durchgeführt' },
  { id: '4', description: 'Nachbereitet' },
  { id: '5', description: 'Abgeschlossen' },
  { id: '6', description: 'Archiviert', end: true },
];

export const LEGACY_AUDIT_STATUS_LABELS: Readonly<Record<string, MessageText>> = {
  '1': { de: 'Neu', en: 'New' },
  '2': { de: 'Geplant', en: 'Planned' },
  '3': { de: 'Durchgeführt', en: 'Conducted' },
  '4': { de: 'Nachbereitet', en: 'Wrapped up' },
  '5': { de: 'Abgeschlossen', en: 'Completed' },
  '6': { de: 'Archiviert', en: 'Archived' },
};

/** Measure workflow; each transition leads to the status with the same number. */
export const DEFAULT_MEASURE_WORKFLOW: Workflow = {
  statuses: [
    { id: '1', description: 'New', start: true },
    { id: '2', description: 'Open' },
    { id: '3', description: 'In progress' },
    { id: '4', description: 'Completed' },
    { id: '5', description: 'In effectiveness check' },
    { id: '6', description: 'Effective', end: true },
  ],
  transitions: [
    { from: '1', to: '2', description: 'Open' },
    { from: '2', to: '3', description: 'In progress' },
    { from: '3', to: '4', description: 'Completed' },
    { from: '4', to: '5', description: 'In effectiveness check' },
    { from: '5', to: '6', description: 'Effective' },
  ],
};

export const DEFAULT_MEASURE_WORKFLOW_LABELS: Readonly<Record<string, MessageText>> = {
  '1': { de: 'Neu', en: 'New' },
  '2': { de: 'Offen', en: 'Open' },
  '3': { de: 'In Bearbeitung', en: 'In progress' },
  '4': { de: 'Abgeschlossen', en: 'Completed' },
  '5': { de: 'In Wirksamkeitsprüfung', en: 'In effectiveness check' },
  '6': { de: 'Wirksam', en: 'Effective' },
};
