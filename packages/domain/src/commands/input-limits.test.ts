import type { JsonObject, JsonValue } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIGURATION } from '../config/configuration';
import { DEFAULT_STANDARDS } from '../config/default-standards';
import { createAuditItemCommand } from './audit-item.commands';
import { createAuditCommand } from './audit.commands';
import { attachFindingMediaCommand, createFindingCommand } from './finding.commands';
import { createMeasureCommand } from './measure.commands';
import { createTemplateCommand } from './template.commands';
import { createTemplateItemCommand } from './template-item.commands';
import { createInactivePersonCommand } from './person.commands';
import {
  applyCommandAs as apply,
  expectValidDocuments,
  OpsState,
  runCommandAs as run,
} from './audit-test-helpers';
import { hasActivitySentence } from '../entities/activity-sentence';
import { DOMAIN_COMMANDS } from './commands';
import type { CommandDefinition } from './define-command';

/**
 * Issue 10: whatever a person sends, a command either refuses it (`rule`, `invalid_args`, ...)
 * or writes documents that pass their collection's schema. A document the schema refuses is
 * what the server answers as `invalid_result`, a broken command; too long a text or an id of odd
 * characters is the user's mistake and must be refused as such. Every string every command
 * takes is tried with texts over each limit (limits.ts, ids 128) and with odd ids.
 */

const LEAD = 'p-lead';
const ADMIN = 'p-admin';

const question = {
  text: 'Is the policy documented?',
  hint: 'Look at the handbook',
  description: 'Policy',
  category: 'Leadership',
  category_id: 'leadership',
  subcategory: 'Policy',
  no: '1.2a',
  importance: '3',
  chapters: [{ id: '5.2', standard: 'iso9001', description: 'Policy' }],
  assignedAuditor: LEAD,
  auditDay: '2024-03-02',
};

/** Every field of the audit dialog filled, for a supplier audit of a process type. */
const auditFields = {
  name: 'Audit A',
  standard: ['iso9001'],
  type: 'Prozessaudit',
  audited_by: 'Lieferant',
  audit_reason: 'New supplier',
  scope: ['Munich'],
  process: ['Assembly'],
  tags: ['tag'],
  interestedparties: ['internal'],
  auditor: ['p-auditor'],
  leadauditor: LEAD,
  coauditors: ['p-co'],
  responsible: 'p-resp',
  audit_participants: ['p-part'],
  responsible_tech: 'Tech',
  responsible_sales: 'Sales',
  responsible_qm: 'QM',
  planning_year: 2024,
  planning_date: '2024-03-01',
  auditing_date: ['2024-03-02'],
  summary: 'Summary',
  status: 'planned',
  metadata: {
    supplier: { name: 'Supplier', location: 'Munich', no: '42' },
    material: { group: 'Steel', id: 'M-1' },
  },
};

/** Every field of the finding dialog filled. */
const finding = {
  id: 'f1',
  importance: '3',
  text: 'No policy',
  reason: 'Not written down',
  solution: 'Write it down',
  geolocation: { latitude: 48.1, longitude: 11.5, accuracy: 5 },
  findingperson: 'Max Muster',
  riskassessment: 'Low',
  error_code: 'E1',
  module: 'Module',
  part: 'Part',
  zone: 'Zone',
  costcenter: 'CC-1',
};

/** A photo with every evidence field, attached to f1 by the admin. */
const media = {
  findingId: 'f1',
  mediaId: 'm1',
  media: {
    fileId: 'file-1',
    url: '/api/v1/files/file-1',
    name: 'photo.jpg',
    contentType: 'image/jpeg',
    size: 1000,
    sha256: 'ab'.repeat(32),
    capturedAt: '2024-05-01T10:00:00.000Z',
    position: { lat: 48.1, lon: 11.5, accuracy: 5, at: '2024-05-01T10:00:00.000Z' },
    capturedBy: ADMIN,
  },
};

/** Every field of the measure dialog filled, for f1. */
const measure = {
  text: 'Write the policy down',
  description: 'In the handbook',
  measuretype: 'corrective',
  cause_analysis: 'Nobody owned it',
  priority: 'high',
  dueDate: '2024-06-01',
  assignedTo: ['p-assignee'],
  audit_id: 'a1',
  audititem_id: 'i1',
  deviation_id: 'f1',
};

const activity = {
  id: 'act1',
  actor: 'p-qm',
  actor_name: 'Erika Muster',
  avatar: null,
  verb: 'created',
  object: 'Audit A',
  object_url: '/audit/a1',
  timestamp: '2024-05-01T10:00:00.000Z',
  notified: {},
};

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as JsonObject;
const iso9001 = DEFAULT_STANDARDS[0]!;

/** Every field of the template metadata dialog filled. */
const templateFields = {
  name: 'Template T',
  standard: ['iso9001'],
  type: 'Prozessaudit',
  audited_by: 'internal',
  scope: ['Munich'],
  process: ['Assembly'],
  tags: ['tag'],
  interestedparties: ['internal'],
};

/** Audit a1 led by LEAD with item i1 and its finding f1 (photo m1), as a qm made them. */
function prepared(): OpsState {
  const state = new OpsState();
  apply(createAuditCommand, { id: 'a1', ...auditFields }, state);
  // The earlier audit a0 of the same scope, with item i0 (audit.copyItems).
  apply(createAuditCommand, { id: 'a0', ...auditFields, name: 'Audit 0' }, state);
  apply(createAuditItemCommand, { auditId: 'a0', id: 'i0', question }, state);
  apply(createAuditItemCommand, { auditId: 'a1', id: 'i1', question }, state);
  // a1 is evaluated by VDA 6.3 (auditItem.evaluate, issue 19).
  state.apply([
    {
      op: 'set',
      collection: 'audits',
      id: 'a1',
      path: ['reportSchema', 'calcSchema'],
      value: 'vda63',
    },
  ]);
  apply(createFindingCommand, { auditId: 'a1', itemId: 'i1', finding }, state);
  apply(
    attachFindingMediaCommand,
    { auditId: 'a1', itemId: 'i1', ...media },
    state,
    ['admin'],
    ADMIN,
  );
  apply(
    createInactivePersonCommand,
    { id: 'p-assignee', displayName: 'Assignee', email: 'assignee@example.com' },
    state,
  );
  apply(createMeasureCommand, { id: 'ms1', ...measure }, state);
  // ms2 waits for its effectiveness check.
  apply(createMeasureCommand, { id: 'ms2', ...measure }, state);
  state.apply([{ op: 'set', collection: 'measures', id: 'ms2', path: ['status'], value: '5' }]);
  // Template t1 with item ti1, and the seeded ISO 9001 for the chapter re-mapping (issue 14).
  apply(createTemplateCommand, { id: 't1', ...templateFields }, state);
  apply(createTemplateItemCommand, { templateId: 't1', id: 'ti1', question }, state);
  const { id: _id, ...iso } = iso9001;
  state.apply([{ op: 'set', collection: 'standards', id: 'iso9001', path: [], value: json(iso) }]);
  // An activity as the server writes one (commands only return theirs), for activity.markRead.
  state.apply([{ op: 'set', collection: 'activities', id: 'act1', path: [], value: activity }]);
  return state;
}

/** Valid args for every command, every string field it takes filled. */
const CASES: [string, JsonObject][] = [
  ['configuration.update', json({ segment: 'audit', data: DEFAULT_CONFIGURATION.audit })],
  ['configuration.update', json({ segment: 'workflow', data: DEFAULT_CONFIGURATION.workflow })],
  ['configuration.update', json({ segment: 'scopes', data: DEFAULT_CONFIGURATION.scopes })],
  ['configuration.update', json({ segment: 'finding', data: DEFAULT_CONFIGURATION.finding })],
  ['autocompletion.save', { id: 'colors', title: 'Farben', data: [{ id: 'r', name: 'Rot' }] }],
  [
    'standard.import',
    json({ id: 'own', name: 'Own std', description: 'Own standard', chapters: iso9001.chapters }),
  ],
  ['audit.create', json({ id: 'a2', ...auditFields })],
  ['audit.update', json({ id: 'a1', changes: { ...auditFields, name: 'Audit B' } })],
  [
    'audit.updateCompanyMetadata',
    { id: 'a1', companyMetadata: { trucks: 2, inspectionType: 'annual' } },
  ],
  ['audit.delete', { id: 'a1', itemIds: ['i1'] }],
  ['audit.protect', { id: 'a1' }],
  ['audit.changeStatus', { id: 'a1', status: '2', comment: 'Go' }],
  [
    'audit.complete',
    { id: 'a1', comment: 'Done', itemIds: ['i1'], confirmIncomplete: true, language: 'en' },
  ],
  [
    'audit.updateReportData',
    { id: 'a1', reportData: { distributionList: 'QM', auditeeRepresentative: 'Erika' } },
  ],
  [
    'audit.import',
    {
      audits: [
        {
          id: 'a3',
          name: 'Imported',
          standard: 'iso9001',
          type: 'Prozessaudit',
          planning_year: 2024,
          audited_by: 'Lieferant',
          leadauditor: LEAD,
          planning_date: '2024-05-01',
          process: 'Assembly,Paint',
          audit_reason: 'Reason',
        },
      ],
    },
  ],
  ['auditItem.create', json({ auditId: 'a1', id: 'i2', processes: ['Assembly'], question })],
  [
    'auditItem.update',
    json({
      auditId: 'a1',
      id: 'i1',
      changes: { processes: ['Paint'], question: { ...question, text: 'Changed?' } },
    }),
  ],
  ['auditItem.deactivate', { auditId: 'a1', id: 'i1' }],
  ['auditItem.delete', { auditId: 'a1', id: 'i1' }],
  ['auditItem.import', json({ auditId: 'a1', items: [{ id: 'i3', question }] })],
  [
    'auditItem.evaluate',
    json({ auditId: 'a1', itemId: 'i1', key: 'all', evaluation: { points: null, reason: 'n/a' } }),
  ],
  ['finding.create', json({ auditId: 'a1', itemId: 'i1', finding: { ...finding, id: 'f2' } })],
  [
    'finding.update',
    json({ auditId: 'a1', itemId: 'i1', finding: { ...finding, text: 'Changed' } }),
  ],
  ['finding.delete', { auditId: 'a1', itemId: 'i1', findingId: 'f1' }],
  ['finding.attachMedia', json({ auditId: 'a1', itemId: 'i1', ...media, mediaId: 'm2' })],
  ['finding.removeMedia', { auditId: 'a1', itemId: 'i1', findingId: 'f1', mediaId: 'm1' }],
  [
    'person.createInactive',
    { id: 'p-new', displayName: 'New Person', email: 'new@example.com', roles: ['auditor'] },
  ],
  ['measure.create', json({ id: 'ms3', ...measure })],
  ['measure.update', json({ id: 'ms1', auditId: 'a1', changes: { ...measure, text: 'Changed' } })],
  ['measure.assign', { id: 'ms1', auditId: 'a1', assignedTo: ['p-assignee'] }],
  ['measure.changeStatus', { id: 'ms1', auditId: 'a1', to: '2' }],
  [
    'measure.checkEffectiveness',
    { id: 'ms2', auditId: 'a1', effective: false, comment: 'Still missing' },
  ],
  ['measure.delete', { id: 'ms1', auditId: 'a1' }],
  ['activity.markRead', { ids: ['act1'] }],
  ['template.create', json({ id: 't2', ...templateFields })],
  ['template.update', json({ id: 't1', changes: { ...templateFields, name: 'Template U' } })],
  ['template.delete', { id: 't1', itemIds: ['ti1'] }],
  ['templateItem.create', json({ templateId: 't1', id: 'ti2', processes: ['Paint'], question })],
  [
    'templateItem.update',
    json({
      templateId: 't1',
      id: 'ti1',
      changes: { processes: ['Paint'], question: { ...question, text: 'Changed?' } },
    }),
  ],
  ['templateItem.delete', { templateId: 't1', id: 'ti1' }],
  ['templateItem.import', json({ templateId: 't1', items: [{ id: 'ti3', question }] })],
  [
    'audit.useTemplate',
    {
      auditId: 'a1',
      templateId: 't1',
      items: [{ id: 'i4', templateItemId: 'ti1' }],
      standardIds: ['iso9001'],
      language: 'en',
    },
  ],
  [
    'audit.copyItems',
    {
      auditId: 'a1',
      sourceAuditId: 'a0',
      items: [{ id: 'i5', sourceItemId: 'i0' }],
      standardIds: ['iso9001'],
      language: 'en',
    },
  ],
  ['favorite.set', { personId: ADMIN, kind: 'audits', id: 'a1', starred: true }],
];

/** Every path to a string in a JSON value. */
function stringPaths(value: JsonValue, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

function replaced(value: JsonValue, path: (string | number)[], next: JsonValue): JsonValue {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((item, index) => (index === head ? replaced(item, rest, next) : item));
  }
  const object = value as JsonObject;
  return { ...object, [head!]: replaced(object[head!]!, rest, next) };
}

/** Over each limit, and two ids of characters no id may have (ids.test.ts tries the rest). */
const ODD_VALUES = [
  ...[129, 201, 2_001, 10_001].map((length) => 'x'.repeat(length)),
  '\ud800',
  'a/b',
];

const byName = new Map<string, CommandDefinition>(
  DOMAIN_COMMANDS.map((command) => [command.name, command as unknown as CommandDefinition]),
);

describe('what a person sends', () => {
  it('covers every command of the product', () => {
    expect(new Set(CASES.map(([name]) => name))).toEqual(
      new Set([...byName.keys()].filter((name) => !/unprotect|reactivate/.test(name))),
    );
  });

  it.each(CASES)(
    '%s: any string too long or odd is refused, never written into an invalid document',
    (name, args) => {
      const command = byName.get(name)!;
      const state = prepared();
      const valid = run(command, args, state, ['admin'], ADMIN);
      expect(valid, JSON.stringify(valid)).toMatchObject({ ok: true });
      // Every activity a command produces reads as a sentence in both languages.
      if (valid.ok && valid.activity) {
        const { verb, objectUrl } = valid.activity;
        expect(hasActivitySentence({ verb, object_url: objectUrl }), verb).toBe(true);
      }
      for (const path of stringPaths(args)) {
        for (const value of ODD_VALUES) {
          // A run only reads the state, so one prepared state serves every try.
          const result = run(command, replaced(args, path, value), state, ['admin'], ADMIN);
          if (result.ok) {
            const after = prepared();
            after.apply(result.ops);
            expectValidDocuments(after, result.ops);
          } else {
            expect(['rule', 'invalid_args', 'conflict', 'not_found']).toContain(result.error.code);
          }
        }
      }
    },
  );

  it('refuses a lead auditor id over 128 characters at its field, as a rule', () => {
    const result = run(
      createAuditCommand,
      { id: 'a2', name: 'A', leadauditor: 'x'.repeat(129), planning_year: 2024 },
      new OpsState(),
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'rule',
        message: { key: 'validation.maxLength', params: { field: 'leadauditor', max: 128 } },
      },
    });
  });

  it('refuses a name over 200 characters and a summary over 10,000 with their limits', () => {
    const result = run(
      createAuditCommand,
      { id: 'a2', ...auditFields, name: 'n'.repeat(201), summary: 's'.repeat(10_001) },
      new OpsState(),
    );
    expect(result.ok ? [] : result.error.issues).toEqual([
      { key: 'validation.maxLength', params: { field: 'name', max: 200 } },
      { key: 'validation.maxLength', params: { field: 'summary', max: 10_000 } },
    ]);
  });

  it('refuses a person name over 200 characters at its field, as the picker does', () => {
    const args = { id: 'p-new', displayName: 'n'.repeat(201), email: 'new@example.com' };
    expect(run(byName.get('person.createInactive')!, args, new OpsState())).toMatchObject({
      ok: false,
      error: {
        code: 'rule',
        issues: [{ key: 'validation.maxLength', params: { field: 'displayName', max: 200 } }],
      },
    });
  });

  it('refuses a chapter description over 2,000 characters with its limit', () => {
    const chapters = [{ id: '1', description: 'd'.repeat(2_001) }];
    const args = { id: 'own', name: 'Own std', description: 'Own standard', chapters };
    expect(run(byName.get('standard.import')!, args, new OpsState())).toMatchObject({
      ok: false,
      error: {
        code: 'rule',
        issues: [
          {
            key: 'validation.maxLength',
            params: { field: 'chapters.0.description', max: 2_000 },
          },
        ],
      },
    });
  });

  it('refuses an odd id before reading anything', () => {
    for (const id of ['\ud800', 'a\u0000b', 'a/b', '..', '<b>x</b>', '', 'x'.repeat(129)]) {
      const result = run(createAuditCommand, { id, name: 'A', leadauditor: LEAD }, new OpsState());
      expect(result, JSON.stringify(id)).toMatchObject({
        ok: false,
        error: { code: 'invalid_args', message: { key: 'command.invalidArgs' } },
      });
    }
  });
});
