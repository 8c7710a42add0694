import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import { matchesSearch, searchTerms } from '../../../components/list/list-filter';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { copyItemsArgs, lastAuditCandidates, lastAuditWithItems } from './last-audit-model';
import { NO_CATEGORY, searchTextOf, toPreparationRow } from './preparation-rows';
import {
  categoriesOf,
  categoryKeyOf,
  chosenRows,
  groupState,
  selectAll,
  selectNone,
  templateCopyArgs,
  templateImportArgs,
  templateRemapTargets,
  toggleGroup,
  toggleId,
  unmappableChapters,
  withIds,
} from './template-selection-model';

const doc = (id: string, data: JsonObject): ViewDocument => ({
  collection: 'template_items',
  id,
  data,
  state: 'sync',
});

const rows = [
  doc('a1', { question: { text: 'Supplier audit', category_id: 'a', chapters: [{ id: '8.4' }] } }),
  doc('b1', { question: { text: 'Calibration', category_id: 'b' } }),
  doc('a2', { question: { text: 'Supplier rating', category_id: 'a' } }),
  doc('n1', { question: { text: 'Loose question', category: 'Named only' } }),
  doc('x1', { question: { text: 'No category', chapters: [{ id: '99.9', standard: 's1' }] } }),
].map(toPreparationRow);

describe('template selection', () => {
  it('groups by category id, else the stored name, else no category', () => {
    expect(rows.map(categoryKeyOf)).toEqual(['a', 'b', 'a', 'Named only', NO_CATEGORY]);
    expect(categoriesOf(rows)).toEqual([
      { key: 'a', ids: ['a1', 'a2'] },
      { key: 'b', ids: ['b1'] },
      { key: 'Named only', ids: ['n1'] },
      { key: NO_CATEGORY, ids: ['x1'] },
    ]);
    const sorted = categoriesOf(rows, (x, y) => (x < y ? 1 : x > y ? -1 : 0));
    expect(sorted.map((entry) => entry.key)).toEqual(['b', 'a', NO_CATEGORY, 'Named only']);
  });

  it('chooses all, none, one, and per category with a tri-state group', () => {
    const all = selectAll(rows);
    expect(all.size).toBe(5);
    expect(selectNone().size).toBe(0);
    const a = ['a1', 'a2'];
    let selection = toggleId(selectNone(), 'a1');
    expect(groupState(selection, a)).toBe('some');
    selection = toggleGroup(selection, a);
    expect(groupState(selection, a)).toBe('all');
    selection = toggleGroup(selection, a);
    expect(groupState(selection, a)).toBe('none');
    selection = toggleGroup(toggleGroup(selection, a), ['b1']);
    expect(chosenRows(rows, selection).map((row) => row.id)).toEqual(['a1', 'b1', 'a2']);
    expect(toggleId(selection, 'b1').has('b1')).toBe(false);
  });

  it('chooses and clears the questions a search lists', () => {
    const terms = searchTerms('supplier');
    const listed = rows.filter((row) =>
      matchesSearch(searchTextOf(row).toLocaleLowerCase(), terms),
    );
    const ids = listed.map((row) => row.id);
    expect(ids).toEqual(['a1', 'a2']);
    const selection = withIds(new Set(['b1']), ids, true);
    expect([...selection].sort()).toEqual(['a1', 'a2', 'b1']);
    expect([...withIds(selection, ids, false)]).toEqual(['b1']);
  });

  it('reports unmappable chapters by position and builds the command', () => {
    const chosen = chosenRows(rows, new Set(['a1', 'x1']));
    const targets = [{ id: 's1', chapters: [{ id: '8.4', description: 'Purchasing' }] }];
    const warnings = unmappableChapters(chosen, targets, 'en');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      key: 'import.auditItems.chapterUnmappable',
      params: { chapterId: '99.9' },
    });
    expect(unmappableChapters(chosen, [], 'en')).toEqual([]);
    let n = 0;
    const args = templateCopyArgs({
      auditId: 'au',
      templateId: 'tp',
      chosen,
      standardIds: ['s1'],
      language: 'en',
      newId: () => `new${(n += 1)}`,
    });
    expect(args).toEqual({
      auditId: 'au',
      templateId: 'tp',
      items: [
        { id: 'new1', templateItemId: 'a1' },
        { id: 'new2', templateItemId: 'x1' },
      ],
      standardIds: ['s1'],
      language: 'en',
    });
    // Issue 19: some of the audit's item ids (an audit without any takes a VDA set-up).
    const known = Array.from({ length: 30 }, (_, index) => `i${index}`);
    const copyArgs = (auditItemIds: string[]) =>
      templateCopyArgs({
        auditId: 'au',
        templateId: 'tp',
        chosen,
        standardIds: [],
        language: 'de',
        newId: () => 'n',
        auditItemIds,
      }).auditItemIds;
    expect(copyArgs(known)).toEqual(known.slice(0, 20));
    expect(copyArgs([])).toEqual([]);
  });
});

describe('template selection into another template', () => {
  const stored: Record<string, JsonObject> = {
    a1: {
      templateId: 'src',
      processes: ['P1'],
      Weight: 3,
      question: { text: 'Supplier audit', category_id: 'a', chapters: [{ id: '8.4' }] },
    },
    x1: {
      templateId: 'src',
      question: { text: 'No category', chapters: [{ id: '99.9', standard: 's1' }] },
    },
  };
  const chosen = chosenRows(rows, new Set(['a1', 'x1']));
  const targets = [{ id: 's2', chapters: [{ id: '8.4', description: 'Einkauf' }] }];
  const build = (remapTo: ReturnType<typeof templateRemapTargets>) => {
    let n = 0;
    return templateImportArgs({
      templateId: 'into',
      chosen,
      stored: (id) => stored[id],
      remapTo,
      language: 'en',
      newId: () => `new${(n += 1)}`,
    });
  };

  it('keeps the chapters as they are when both templates have the same standards', () => {
    const remapTo = templateRemapTargets(['s1'], ['s1'], targets);
    expect(remapTo).toEqual([]);
    expect(unmappableChapters(chosen, remapTo, 'en')).toEqual([]);
    expect(build(remapTo)).toEqual({
      templateId: 'into',
      source: 'template',
      items: [
        { id: 'new1', processes: ['P1'], Weight: 3, question: stored.a1!.question },
        { id: 'new2', question: stored.x1!.question },
      ],
    });
  });

  it('re-maps the chapters onto the target standards when they differ, with the report', () => {
    const remapTo = templateRemapTargets(['s1'], ['s2'], targets);
    expect(remapTo).toBe(targets);
    expect(unmappableChapters(chosen, remapTo, 'en')).toEqual([
      expect.objectContaining({ key: 'import.auditItems.chapterUnmappable', row: 2 }),
    ]);
    const { items } = build(remapTo);
    expect(items[0]!.question).toMatchObject({
      text: 'Supplier audit',
      chapters: [{ id: '8.4', standard: 's2', description: 'Einkauf' }],
    });
    expect(items[1]!.question.chapters).toEqual([
      { id: '99.9', standard: 's2', description: expect.stringContaining('99.9') },
    ]);
  });
});

describe('last audit of this scope', () => {
  const audit = (id: string, data: JsonObject) => ({ id, data });
  const current = audit('now', { standard: 's1', scope: ['Plant A'], planning_year: 2025 });
  const audits = [
    current,
    audit('old', { name: 'Audit 2023', standard: 's1', scope: ['Plant A'], planning_year: 2023 }),
    audit('last', { name: 'Audit 2024', standard: ['s1'], scope: 'Plant A', planning_year: 2024 }),
    audit('other', { standard: 's1', scope: ['Plant B'], planning_year: 2024 }),
    audit('iso', { standard: 's2', scope: ['Plant A'], planning_year: 2024 }),
    audit('later', { standard: 's1', scope: ['Plant A'], planning_year: 2026 }),
  ];

  it('takes the newest earlier audit of the same standard and scope that has questions', () => {
    const candidates = lastAuditCandidates(current, audits);
    expect(candidates).toEqual(['last', 'old']);
    expect(lastAuditCandidates(undefined, audits)).toEqual([]);
    const item = (id: string, auditId: string) => ({ id, data: { auditId } });
    // The newest has none: the one before it.
    expect(lastAuditWithItems(candidates, audits, [item('o1', 'old')])).toEqual({
      id: 'old',
      name: 'Audit 2023',
      itemIds: ['o1'],
    });
    const both = [item('o1', 'old'), item('l1', 'last'), item('l2', 'last')];
    expect(lastAuditWithItems(candidates, audits, both)?.itemIds).toEqual(['l1', 'l2']);
    expect(lastAuditWithItems(candidates, audits, [])).toBeNull();
  });

  it('copies every question with a new id', () => {
    const args = copyItemsArgs({
      auditId: 'now',
      source: { id: 'last', name: 'Audit 2024', itemIds: ['l1', 'l2'] },
      standardIds: ['s1'],
      language: 'de',
      newId: () => 'n',
    });
    expect(args).toEqual({
      auditId: 'now',
      sourceAuditId: 'last',
      items: [
        { id: 'n', sourceItemId: 'l1' },
        { id: 'n', sourceItemId: 'l2' },
      ],
      standardIds: ['s1'],
      language: 'de',
    });
  });
});
