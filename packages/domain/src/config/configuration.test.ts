import { describe, expect, it } from 'vitest';
import { standardSchema } from '../entities/standard.schema';
import {
  CONFIG_SEGMENT_SCHEMAS,
  CONFIG_SEGMENTS,
  configSegmentOrDefault,
  DEFAULT_CONFIGURATION,
  parseConfigEditorText,
  parseConfigSegment,
} from './configuration';
import { formatMessage } from '../messages/message';
import { validationMessages } from '../messages/validation.messages';
import { DEFAULT_STANDARDS } from './default-standards';
import { resolveListConfig } from './list-config';

const config = DEFAULT_CONFIGURATION;

describe('a stored segment as the app uses it', () => {
  it('is the stored one when it parses, else the default (missing or broken)', () => {
    const app = DEFAULT_CONFIGURATION.app;
    const pdfOnly = { ...app, attachments: { ...app.attachments, allowedExtensions: ['pdf'] } };
    expect(configSegmentOrDefault('app', pdfOnly).attachments.allowedExtensions).toEqual(['pdf']);
    expect(configSegmentOrDefault('app', undefined)).toBe(app);
    const broken = { ...app, attachments: { allowedExtensions: [] } };
    expect(configSegmentOrDefault('app', broken)).toBe(app);
  });

  it('is parsed once per document object and segment, a new object is parsed again', () => {
    const app = DEFAULT_CONFIGURATION.app;
    const stored = { ...app, attachments: { ...app.attachments, allowedExtensions: ['pdf'] } };
    const first = configSegmentOrDefault('app', stored);
    expect(first).not.toBe(stored);
    expect(configSegmentOrDefault('app', stored)).toBe(first);
    // The same object read as another segment is that segment's parse (here: invalid, default).
    expect(configSegmentOrDefault('lists', stored)).toBe(DEFAULT_CONFIGURATION.lists);
    const changed = {
      ...stored,
      attachments: { ...stored.attachments, allowedExtensions: ['png'] },
    };
    expect(configSegmentOrDefault('app', changed).attachments.allowedExtensions).toEqual(['png']);
    // A broken document stays broken on the second read too.
    const broken = { ...app, attachments: { allowedExtensions: [] } };
    expect(configSegmentOrDefault('app', broken)).toBe(app);
    expect(configSegmentOrDefault('app', broken)).toBe(app);
  });
});

describe('default configuration', () => {
  it('has exactly the eleven segments of the spec', () => {
    expect(Object.keys(config).sort()).toEqual([...CONFIG_SEGMENTS].sort());
    expect(CONFIG_SEGMENTS).toHaveLength(11);
  });

  it.each(CONFIG_SEGMENTS)('segment %s is valid and unchanged by its schema', (segment) => {
    expect(CONFIG_SEGMENT_SCHEMAS[segment].parse(config[segment])).toEqual(config[segment]);
  });

  it('pins the app constants of SPEC section 9', () => {
    expect(config.app.timeouts).toEqual({
      snackbarMs: 5000,
      bannerMs: 5000,
      chunkLoadMs: 120000,
      lazyChunkDelayMs: 200,
      lazyChunkTimeoutMs: 3000,
      searchDebounceMs: 500,
    });
    expect(config.app.drawers).toEqual({ rightWidth: 500, filterWidth: 330 });
    expect(config.app.textLimits).toEqual({ chip: 36, groupTitle: 90 });
    expect(config.app.dashboard.widgetItemCount).toBe(10);
    expect(config.app.theme).toEqual({ primary: 'teal', accent: 'amber' });
    expect(config.app.attachments.allowedExtensions).toEqual(
      expect.arrayContaining(['jpg', 'png', 'pdf', 'doc', 'docx', 'xls', 'xlsx']),
    );
  });

  it('pins the audit choices', () => {
    const ids = (list: { id: string }[]) => list.map((entry) => entry.id);
    expect(config.audit.standards).toEqual({
      ids: ['iso9001', 'iso14001', 'iso27001', 'eu-dsgvo', 'iso50001', 'vda-6-3', 'haccp'],
      default: 'iso9001',
    });
    expect(ids(config.audit.types)).toEqual([
      'process',
      'system',
      'product',
      'Prozessaudit',
      'Begehung',
    ]);
    expect(config.audit.processTypes).toEqual(['Prozessaudit', 'Begehung']);
    // Every label tells its type apart: no label equals or starts another one.
    for (const language of ['de', 'en'] as const) {
      const labels = config.audit.types.map((type) => type.label[language].toLowerCase());
      for (const [i, label] of labels.entries()) {
        const others = labels.filter((_, j) => j !== i);
        expect(
          others.some((other) => other.startsWith(label)),
          label,
        ).toBe(false);
      }
    }
    expect(ids(config.audit.parties)).toEqual(['internal', 'external', 'Lieferant']);
    expect(config.audit.supplierParty).toBe('Lieferant');
    expect(config.audit.companyInspectionTypes.map((type) => type.label.de)).toEqual([
      'Erstprüfung',
      'Jährliche QL KG- / Interne Prüfung',
      'Nachprüfung',
    ]);
    expect(config.audit.planningYears).toEqual({ back: 3, ahead: 3 });
    expect(config.audit.report.calcSchema).toBe('deviation');
  });

  it('pins the scope schema', () => {
    const byId = Object.fromEntries(config.scopes.schema.map((field) => [field.id, field]));
    expect(byId.plant).toMatchObject({
      required: true,
      options: ['Munich', 'Cracow', 'Styr', 'Pinetown', 'St. Petersburg'],
    });
    expect(byId.productline).toMatchObject({
      required: true,
      options: ['TGX', 'TGL', 'TGM', 'TGS', 'VW'],
    });
    expect(byId.steering?.options).toEqual(['LL', 'RL']);
    expect(byId.production_date?.type).toBe('date');
    expect(Object.keys(byId)).toEqual([
      'plant',
      'productline',
      'chassis_number',
      'production_number',
      'production_date',
      'steering',
    ]);
    expect(Object.keys(config.scopes.entries[0]!)).toEqual(['id', 'site', 'region', 'division']);
  });

  it('gives a list added after the configuration was stored its default, not the generic one', () => {
    const { templates: _omitted, ...stored } = config.lists.lists;
    const older = { ...config.lists, lists: stored };
    expect(resolveListConfig(older, 'templates')).toBe(config.lists.lists.templates);
    expect(resolveListConfig(older, 'unknown')).toBe(stored.default);
    expect(resolveListConfig(older, 'templateitems').aggregations.map((a) => a.id)).toEqual([
      'importance',
      'chapter',
      'category',
    ]);
  });

  it('adds the supplier facet to an audit matrix list stored before it existed', () => {
    const matrix = config.lists.lists.auditmatrix!;
    const storedMatrix = {
      ...matrix,
      aggregations: matrix.aggregations.filter((facet) => facet.id !== 'supplier'),
    };
    const older = { ...config.lists, lists: { ...config.lists.lists, auditmatrix: storedMatrix } };
    const resolved = resolveListConfig(older, 'auditmatrix');
    expect(resolved.aggregations.at(-1)).toEqual({
      id: 'supplier',
      field: 'metadata.supplier.name',
      size: 200,
      label: { de: 'Lieferant', en: 'Supplier' },
    });
    // A list that configures it keeps its own; the defaults already carry it.
    expect(resolveListConfig(config.lists, 'auditmatrix')).toBe(matrix);
    const own = {
      ...storedMatrix,
      aggregations: [
        { id: 'lieferant', field: 'metadata.supplier.name', size: 5, label: { de: 'L', en: 'S' } },
      ],
    };
    const configured = { ...config.lists, lists: { ...config.lists.lists, auditmatrix: own } };
    expect(resolveListConfig(configured, 'auditmatrix')).toBe(own);
  });

  it('pins page sizes, facet sizes, sorters and groupings', () => {
    const list = (key: string) => resolveListConfig(config.lists, key);
    expect(list('anything').pageSizes).toEqual([25, 50, 100, null]);
    expect(list('users').pageSizes).toEqual([100, 200, 500, null]);
    expect(list('measures').pageSizes).toEqual([100, 200, 500, null]);
    expect(list('reporting').pageSizes).toEqual([50, 100, 200, null]);
    expect(config.lists.facetPanelPageSize).toBe(100);
    expect(config.lists.visiblePages).toBe(7);
    const sizes = Object.fromEntries(list('auditmatrix').aggregations.map((a) => [a.id, a.size]));
    expect(sizes).toMatchObject({
      standard: 200,
      type: 10,
      supplier: 200,
      leadauditor: 100,
      status: 10,
    });
    expect(list('measures').aggregations.find((a) => a.id === 'audit')?.size).toBe(200);
    const items = list('audititems');
    expect(items.aggregations.map((a) => a.id)).toEqual([
      'importance',
      'chapter',
      'category',
      'answered',
      'findingImportance',
    ]);
    expect(items.sortings.map((s) => s.id)).toEqual([
      'number',
      'importance',
      'finding',
      'category',
      'chapter',
    ]);
    expect(items.groupings.map((g) => g.id)).toEqual(['category', 'importance', 'chapter']);
    expect(list('default').sortings).toEqual([
      expect.objectContaining({ field: 'name', order: 'asc' }),
    ]);
  });

  it('pins template, item, finding, measure, user and workflow defaults', () => {
    expect(config.template.defaultItem).toEqual({ standard: 'iso9001', audited_by: 'internal' });
    expect(config.template.catalogue.capabilityLimits).toEqual({ machine: 1.67, longTerm: 1.33 });
    expect(config.audititem.importImportances).toEqual(['0', '1', '3', '9']);
    expect(config.audititem.defaultImportWeight).toBe(1);
    expect(config.finding.types.map((type) => type.id)).toEqual(
      expect.arrayContaining(['0', '1', '3', '9']),
    );
    expect(config.measure.types.length).toBeGreaterThan(0);
    expect(config.user).toEqual({
      defaultRoles: ['user'],
      auditorRole: 'auditor',
      measureDispatcherRole: 'measure-dispatcher',
    });
    expect(config.workflow.audit.statuses.map((s) => s.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(config.workflow.measure.statuses.at(-1)?.description).toBe('Effective');
    expect(config.workflow.legacyAuditStatuses.map((s) => s.description)).toEqual([
      'Neu',
      'Geplant',
      'Durchgeführt',
      'Nachbereitet',
      'Abgeschlossen',
      'Archiviert',
    ]);
    // The high-level structure's clauses 4 to 10; VDA 6.3 audits bring their own (decision 75).
    expect(config.categories.categories.map((c) => c.id)).toEqual([
      'hls-4',
      'hls-5',
      'hls-6',
      'hls-7',
      'hls-8',
      'hls-9',
      'hls-10',
    ]);
  });
});

describe('default standards', () => {
  it('are valid standards, one per id the audit segment lists', () => {
    for (const standard of DEFAULT_STANDARDS)
      expect(standardSchema.parse(standard)).toEqual(standard);
    expect(DEFAULT_STANDARDS.map((s) => s.id)).toEqual(config.audit.standards.ids);
    expect(DEFAULT_STANDARDS.map((s) => s.name)).toEqual([
      'ISO9001',
      'ISO14001',
      'ISO27001',
      'EU-DSGVO',
      'ISO50001',
      'VDA-6-3',
      'HACCP',
    ]);
  });
});

describe('segment validation', () => {
  it('rejects an unknown segment', () => {
    expect(parseConfigSegment('colors', {})).toEqual({
      ok: false,
      errors: [{ key: 'config.unknownSegment', params: { segment: 'colors' } }],
    });
  });

  it('reports a typo instead of dropping it (strict objects)', () => {
    const result = parseConfigSegment('app', { ...config.app, timeout: {} });
    expect(result.ok).toBe(false);
  });

  it('rejects a default that is not in its list', () => {
    const audit = { ...config.audit, standards: { ...config.audit.standards, default: 'iso1' } };
    const result = parseConfigSegment('audit', audit);
    expect(result).toEqual({
      ok: false,
      errors: [
        { key: 'config.defaultNotListed', params: { value: 'iso1', field: 'standards.default' } },
      ],
    });
    // The text shows the value, not a literal "{value}".
    const [message] = result.ok ? [] : result.errors;
    expect(formatMessage(validationMessages, message!, 'de')).toBe(
      'Der Standardwert iso1 fehlt in der Liste',
    );
    const badParty = parseConfigSegment('audit', { ...config.audit, supplierParty: 'supplier' });
    expect(badParty.ok).toBe(false);
    const badProcess = parseConfigSegment('audit', { ...config.audit, processTypes: ['walk'] });
    expect(badProcess.ok).toBe(false);
    const badImport = parseConfigSegment('audititem', {
      ...config.audititem,
      importImportances: ['5'],
    });
    expect(badImport.ok).toBe(false);
  });

  it('rejects duplicate ids, a select without options, and lists without default', () => {
    const types = [...config.finding.types, config.finding.types[0]];
    const duplicate = parseConfigSegment('finding', { ...config.finding, types });
    expect(duplicate).toEqual({
      ok: false,
      errors: [
        {
          key: 'config.duplicateId',
          params: { value: types[0]!.id, field: `types.${types.length - 1}.id` },
        },
      ],
    });
    expect(
      formatMessage(validationMessages, duplicate.ok ? { key: '' } : duplicate.errors[0]!, 'en'),
    ).toBe(`The id ${types[0]!.id} occurs more than once`);
    const schema = [{ id: 'x', label: { de: 'X', en: 'X' }, type: 'select', required: false }];
    expect(parseConfigSegment('scopes', { ...config.scopes, schema }).ok).toBe(false);
    const { default: _default, ...others } = config.lists.lists;
    expect(parseConfigSegment('lists', { ...config.lists, lists: others }).ok).toBe(false);
    const list = { ...config.lists.lists.default, defaultSorting: 'nope' };
    const noSorting = parseConfigSegment('lists', { ...config.lists, lists: { default: list } });
    expect(noSorting.ok ? [] : noSorting.errors).toEqual([
      {
        key: 'config.defaultNotListed',
        params: { value: 'nope', field: 'lists.default.defaultSorting' },
      },
    ]);
  });

  it('accepts a changed, valid segment', () => {
    const result = parseConfigSegment('audit', {
      ...config.audit,
      planningYears: { back: 0, ahead: 5 },
    });
    expect(result.ok && result.data).toMatchObject({ planningYears: { back: 0, ahead: 5 } });
  });

  it('asks for valid JSON in the editor', () => {
    expect(parseConfigEditorText('app', '{ nope')).toEqual({
      ok: false,
      errors: [{ key: 'validation.invalidJson' }],
    });
    expect(parseConfigEditorText('user', JSON.stringify(config.user)).ok).toBe(true);
  });
});
