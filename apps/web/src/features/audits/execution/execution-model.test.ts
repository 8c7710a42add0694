import { DEFAULT_FINDING_TYPES } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import {
  createExecutionRowCache,
  findingTypeColor,
  replacesOthers,
  stateTypes,
  toExecutionRow,
} from './execution-rows';
import {
  createFindingArgs,
  emptyFindingForm,
  findingFieldOf,
  findingFormOf,
  listIdOfField,
  updateFindingArgs,
} from './finding-form';

const doc = (id: string, data: JsonObject, state: ViewDocument['state'] = 'sync'): ViewDocument =>
  ({ collection: 'audititems', id, data, state }) as ViewDocument;

const item = (id: string, extra: JsonObject = {}): ViewDocument =>
  doc(id, { auditId: 'a1', question: { text: `Question ${id}`, no: id }, ...extra });

describe('execution rows', () => {
  it('reads findings in their recorded order, leniently', () => {
    const row = toExecutionRow(
      item('1', {
        deviations: {
          f2: {
            importance: '3',
            text: 'Gauge not calibrated',
            media: {
              m1: {
                fileId: 'file-1',
                name: 'gauge.jpg',
                contentType: 'image/jpeg',
                size: 1234,
                sha256: 'a'.repeat(64),
                capturedAt: '2026-11-25T07:01:00Z',
                position: { lat: 48.1, lon: 11.5, accuracy: 8 },
                capturedBy: 'p1',
              },
              m2: { url: 'https://old.example/files/scan.pdf' },
            },
          },
          f1: {
            importance: '9',
            geolocation: { latitude: 48.1, longitude: 11.5, accuracy: 12, at: '2026-11-25T07:00Z' },
            module: 'Press 4',
            part: '',
          },
          broken: 'not an object',
        },
      }),
    );
    expect(row.findings.map((finding) => finding.id)).toEqual(['f2', 'f1', 'broken']);
    expect(row.findings[0]).toMatchObject({ importance: '3', mediaCount: 2, geolocation: null });
    expect(row.findings[0]!.media).toEqual([
      {
        id: 'm1',
        fileId: 'file-1',
        url: null,
        name: 'gauge.jpg',
        contentType: 'image/jpeg',
        size: 1234,
        sha256: 'a'.repeat(64),
        capturedAt: '2026-11-25T07:01:00Z',
        position: { latitude: 48.1, longitude: 11.5, accuracy: 8 },
        capturedBy: 'p1',
      },
      // An entry of the old app: only a URL, named by its last segment.
      expect.objectContaining({ id: 'm2', fileId: null, name: 'scan.pdf', sha256: null }),
    ]);
    expect(row.findings[1]).toMatchObject({
      geolocation: { latitude: 48.1, longitude: 11.5, accuracy: 12, at: '2026-11-25T07:00Z' },
      custom: { module: 'Press 4' },
    });
    expect(row.findings[2]).toMatchObject({ importance: '', text: '', mediaCount: 0 });
  });

  it('reads a placeholder an earlier version stored as no text (decision 70)', () => {
    const row = toExecutionRow(
      item('1', {
        deviations: {
          f1: { importance: 'ok', text: 'Das ist ein Platzhalter' },
          f2: { importance: '1', text: 'This is a placeholder' },
        },
      }),
    );
    expect(row.findings.map((finding) => finding.text)).toEqual(['', '']);
  });

  it('leaves out items deactivated in preparation, keeps those made not applicable here', () => {
    const toRows = createExecutionRowCache();
    const rows = toRows([
      item('1'),
      item('2', { auditItemState: 'deactivated', deactivated: true }),
      item('3', {
        auditItemState: 'deactivated',
        deactivated: true,
        deviations: { f: { importance: 'na' } },
      }),
    ]);
    expect(rows.map((row) => row.id)).toEqual(['1', '3']);
  });

  it('keeps the row of an unchanged document, so memoized rows skip it', () => {
    const toRows = createExecutionRowCache();
    const first = item('1');
    const [before] = toRows([first, item('2')]);
    const [after] = toRows([first, item('2', { deviations: { f: { importance: '1' } } })]);
    expect(after).toBe(before);
  });

  it('asks before a closing type replaces other findings, not for ordinary types', () => {
    const row = toExecutionRow(item('1', { deviations: { f: { importance: '3' } } }));
    const empty = toExecutionRow(item('2'));
    expect(replacesOthers(row, DEFAULT_FINDING_TYPES, 'na', null)).toBe(true);
    expect(replacesOthers(row, DEFAULT_FINDING_TYPES, 'ok', null)).toBe(true);
    expect(replacesOthers(row, DEFAULT_FINDING_TYPES, '9', null)).toBe(false);
    expect(replacesOthers(empty, DEFAULT_FINDING_TYPES, 'na', null)).toBe(false);
    // Editing the only finding into a closing type replaces nothing.
    expect(replacesOthers(row, DEFAULT_FINDING_TYPES, 'ok', 'f')).toBe(false);
    expect(stateTypes(DEFAULT_FINDING_TYPES).map((type) => type.id)).toEqual(['na', 'ok']);
  });

  it('colours a type by its severity, conforming green (finding-type-colours.ts)', () => {
    expect(findingTypeColor('9', DEFAULT_FINDING_TYPES)).toBe('#b71c1c');
    expect(findingTypeColor('ok', DEFAULT_FINDING_TYPES)).toBe('#2e7d32');
  });
});

describe('finding form', () => {
  it('creates with trimmed texts, no empty custom fields, the position as recorded', () => {
    const form = {
      ...emptyFindingForm('3'),
      text: '  Gauge not calibrated ',
      findingperson: ' ',
      geolocation: { latitude: 1, longitude: 2, accuracy: 5 },
      custom: { ...emptyFindingForm().custom, part: ' 81.123 ' },
    };
    expect(createFindingArgs('a1', 'i1', 'f1', form, 'de')).toEqual({
      auditId: 'a1',
      itemId: 'i1',
      language: 'de',
      finding: {
        id: 'f1',
        importance: '3',
        text: 'Gauge not calibrated',
        reason: '',
        solution: '',
        findingperson: null,
        riskassessment: '',
        geolocation: { latitude: 1, longitude: 2, accuracy: 5 },
        part: '81.123',
      },
    });
  });

  it('updates only what changed, and nothing when nothing did', () => {
    const finding = toExecutionRow(
      item('1', { deviations: { f: { importance: '3', text: 'Old', module: 'M1' } } }),
    ).findings[0]!;
    const form = findingFormOf(finding);
    expect(updateFindingArgs('a1', '1', finding, form, 'en')).toBeNull();
    expect(
      updateFindingArgs('a1', '1', finding, { ...form, text: 'New', geolocation: null }, 'en'),
    ).toEqual({ auditId: 'a1', itemId: '1', language: 'en', finding: { id: 'f', text: 'New' } });
    expect(
      updateFindingArgs(
        'a1',
        '1',
        finding,
        { ...form, custom: { ...form.custom, module: '' } },
        'en',
      )?.finding,
    ).toEqual({ id: 'f', module: '' });
  });

  it('maps a refusal to its field', () => {
    expect(findingFieldOf({ key: 'finding.unknownType' })).toBe('importance');
    expect(findingFieldOf({ key: 'validation.tooLong', params: { field: 'finding.text' } })).toBe(
      'text',
    );
    expect(findingFieldOf({ key: 'x', params: { field: 'finding.part' } })).toBe('part');
    expect(findingFieldOf({ key: 'x' })).toBeNull();
  });

  it('offers the customer list named like the field', () => {
    expect(listIdOfField('error_code')).toBe('errorcode');
    expect(listIdOfField('costcenter')).toBe('costcenter');
  });
});
