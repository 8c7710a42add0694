import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIT_WORKFLOW, DEFAULT_MEASURE_WORKFLOW } from '../workflow/default-workflows';
import {
  isWebhookOverdue,
  mayRaiseWebhookEvents,
  needsAuditWorkflow,
  webhookEventsOf,
  type WrittenDocument,
} from './webhook-events';
import { webhookUrlProblem } from './webhook.schema';

const workflows = { audit: DEFAULT_AUDIT_WORKFLOW, measure: DEFAULT_MEASURE_WORKFLOW };
const doc = (
  collection: string,
  data: WrittenDocument['data'],
  prev: WrittenDocument['prev'],
  deleted = false,
): WrittenDocument => ({ collection, id: String(data.id), version: 2, deleted, data, prev });
const types = (changes: WrittenDocument[]) =>
  webhookEventsOf(changes, workflows).map((e) => e.type);

describe('webhookEventsOf', () => {
  it('audits: created, status changed, completed at the final status', () => {
    expect(types([doc('audits', { id: 'a', workflow: { status: '1' } }, null)])).toEqual([
      'audit.created',
    ]);
    const moved = doc(
      'audits',
      { id: 'a', workflow: { status: '3' } },
      { id: 'a', workflow: { status: '2' } },
    );
    expect(webhookEventsOf([moved], workflows)).toEqual([
      expect.objectContaining({
        type: 'audit.status_changed',
        details: { previousStatus: '2', status: '3' },
        document: moved.data,
        version: 2,
      }),
    ]);
    expect(
      types([
        doc(
          'audits',
          { id: 'a', workflow: { status: '6' } },
          { id: 'a', workflow: { status: '5' } },
        ),
      ]),
    ).toEqual(['audit.status_changed', 'audit.completed']);
    // Other edits, and deletions, raise nothing.
    expect(types([doc('audits', { id: 'a', name: 'B' }, { id: 'a', name: 'A' })])).toEqual([]);
    expect(types([doc('audits', { id: 'a' }, { id: 'a' }, true)])).toEqual([]);
    expect(needsAuditWorkflow([moved])).toBe(true);
    expect(needsAuditWorkflow([doc('audits', { id: 'a' }, null)])).toBe(false);
  });

  it('findings: each new key of deviations, not edits', () => {
    const events = webhookEventsOf(
      [
        doc(
          'audit_items',
          { id: 'i', deviations: { f1: { text: 'old, edited' }, f2: { text: 'new' } } },
          { id: 'i', deviations: { f1: { text: 'old' } } },
        ),
      ],
      workflows,
    );
    expect(events).toEqual([
      expect.objectContaining({
        type: 'finding.created',
        details: { findingId: 'f2', finding: { text: 'new' } },
      }),
    ]);
    expect(types([doc('audit_items', { id: 'i' }, null)])).toEqual([]);
  });

  it('measures: created, status changed (missing status is "1")', () => {
    expect(types([doc('measures', { id: 'm', status: '1' }, null)])).toEqual(['measure.created']);
    expect(
      webhookEventsOf([doc('measures', { id: 'm', status: '2' }, { id: 'm' })], workflows),
    ).toEqual([
      expect.objectContaining({
        type: 'measure.status_changed',
        details: { previousStatus: '1', status: '2' },
      }),
    ]);
    expect(
      types([doc('measures', { id: 'm', text: 'x', status: '2' }, { id: 'm', status: '2' })]),
    ).toEqual([]);
  });

  it('other collections raise nothing', () => {
    const activity = doc('activities', { id: 'x' }, null);
    expect(mayRaiseWebhookEvents([activity])).toBe(false);
    expect(types([activity])).toEqual([]);
  });
});

describe('isWebhookOverdue', () => {
  it('due date passed and not at the final status', () => {
    const wf = DEFAULT_MEASURE_WORKFLOW;
    expect(
      isWebhookOverdue({ id: 'm', dueDate: '2024-01-01', status: '2' }, '2024-01-02', wf),
    ).toBe(true);
    expect(
      isWebhookOverdue({ id: 'm', dueDate: '2024-01-02', status: '2' }, '2024-01-02', wf),
    ).toBe(false);
    expect(isWebhookOverdue({ id: 'm', dueDate: null }, '2024-01-02', wf)).toBe(false);
    const final = wf.statuses.find((s) => s.end)?.id ?? wf.statuses.at(-1)!.id;
    expect(
      isWebhookOverdue({ id: 'm', dueDate: '2024-01-01', status: final }, '2024-01-02', wf),
    ).toBe(false);
  });
});

describe('webhookUrlProblem', () => {
  it('takes absolute http(s) URLs without credentials', () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'https://erp.example.com/in?x=1',
      'https://[::1]/x',
    ]) {
      expect(webhookUrlProblem(url), url).toBeNull();
    }
    for (const url of [
      'ftp://x',
      'x',
      '',
      'http://u:p@host/',
      'https://a b',
      'javascript:alert(1)',
    ]) {
      expect(webhookUrlProblem(url), url).toEqual({
        key: 'webhook.urlInvalid',
        params: { field: 'url' },
      });
    }
  });
});
