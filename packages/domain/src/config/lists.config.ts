import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from '../limits';
import { localizedTextSchema, uniqueIdList } from './localized-text.schema';

const line = () => z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH));

/** A facet of a list's filter panel: the field it counts and how many values it shows. */
export const listAggregationSchema = z.strictObject({
  id: line(),
  field: line(),
  size: z.int().check(z.positive()),
  label: localizedTextSchema,
});

export const listSortingSchema = z.strictObject({
  id: line(),
  field: line(),
  order: z.enum(['asc', 'desc']),
  label: localizedTextSchema,
});

export const listGroupingSchema = z.strictObject({
  id: line(),
  field: line(),
  label: localizedTextSchema,
});

/**
 * One list's configuration: page sizes (null = all), facets, sorters and groupings. Fields are
 * document paths, or the computed fields of audit items: `answered` (has a finding),
 * `findingImportance` (finding type ids) and `finding` (worst finding value).
 */
export const listConfigSchema = z
  .strictObject({
    pageSizes: z.array(z.nullable(z.int().check(z.positive()))).check(z.minLength(1)),
    aggregations: uniqueIdList(listAggregationSchema),
    sortings: uniqueIdList(listSortingSchema).check(z.minLength(1)),
    defaultSorting: line(),
    groupings: uniqueIdList(listGroupingSchema),
  })
  .check(
    z.superRefine((list, ctx) => {
      if (!list.sortings.some((sorting) => sorting.id === list.defaultSorting)) {
        ctx.addIssue({
          code: 'custom',
          message: 'config.defaultNotListed',
          path: ['defaultSorting'],
          params: { value: list.defaultSorting },
        });
      }
    }),
  );
export type ListConfig = z.infer<typeof listConfigSchema>;

/** Configuration segment `lists`: per list key; `default` serves every list not named. */
export const listsConfigSchema = z.strictObject({
  visiblePages: z.int().check(z.positive()),
  facetPanelPageSize: z.int().check(z.positive()),
  lists: z.record(line(), listConfigSchema).check(
    z.refine((lists) => 'default' in lists, {
      error: 'validation.required',
      path: ['default'],
    }),
  ),
});
export type ListsConfig = z.infer<typeof listsConfigSchema>;

const label = (de: string, en: string) => ({ de, en });
const PAGES_DEFAULT = [25, 50, 100, null];
const PAGES_LARGE = [100, 200, 500, null];
const BY_NAME = { id: 'name', field: 'name', order: 'asc', label: label('Name', 'Name') } as const;

/**
 * The audit matrix's supplier facet (issue 34.4): supplier audits are looked up by supplier.
 * Exported for `resolveListConfig`, which adds it to a stored matrix list that predates it.
 */
export const SUPPLIER_FACET = {
  id: 'supplier',
  field: 'metadata.supplier.name',
  size: 200,
  label: label('Lieferant', 'Supplier'),
} as const satisfies ListConfig['aggregations'][number];

const AUDIT_ITEM_LIST: ListConfig = {
  pageSizes: PAGES_DEFAULT,
  aggregations: [
    {
      id: 'importance',
      field: 'question.importance',
      size: 10,
      label: label('Wichtigkeit', 'Importance'),
    },
    { id: 'chapter', field: 'question.chapters.id', size: 100, label: label('Kapitel', 'Chapter') },
    {
      id: 'category',
      field: 'question.category_id',
      size: 100,
      label: label('Kategorie', 'Category'),
    },
    { id: 'answered', field: 'answered', size: 2, label: label('Beantwortet', 'Answered') },
    {
      id: 'findingImportance',
      field: 'findingImportance',
      size: 10,
      label: label('Feststellung', 'Finding'),
    },
  ],
  sortings: [
    { id: 'number', field: 'question.no', order: 'asc', label: label('Nummer', 'Number') },
    {
      id: 'importance',
      field: 'question.importance',
      order: 'desc',
      label: label('Wichtigkeit', 'Importance'),
    },
    { id: 'finding', field: 'finding', order: 'desc', label: label('Feststellung', 'Finding') },
    {
      id: 'category',
      field: 'question.category_id',
      order: 'asc',
      label: label('Kategorie', 'Category'),
    },
    {
      id: 'chapter',
      field: 'question.chapters.id',
      order: 'asc',
      label: label('Kapitel', 'Chapter'),
    },
  ],
  defaultSorting: 'number',
  groupings: [
    { id: 'category', field: 'question.category_id', label: label('Kategorie', 'Category') },
    { id: 'importance', field: 'question.importance', label: label('Wichtigkeit', 'Importance') },
    { id: 'chapter', field: 'question.chapters.id', label: label('Kapitel', 'Chapter') },
  ],
};

/** The facets and sortings the measures list and an audit's action list share. */
const MEASURE_FACETS = {
  state: {
    id: 'state',
    field: 'state',
    size: 10,
    label: label('Offen/Abgeschlossen', 'Open/completed'),
  },
  status: { id: 'status', field: 'status', size: 10, label: label('Status', 'Status') },
  assignedTo: {
    id: 'assignedTo',
    field: 'assignedTo',
    size: 100,
    label: label('Zugewiesen an', 'Assigned to'),
  },
  overdue: { id: 'overdue', field: 'overdue', size: 2, label: label('Überfällig', 'Overdue') },
};
const MEASURE_SORTINGS = {
  dueDate: {
    id: 'dueDate',
    field: 'dueDate',
    order: 'asc' as const,
    label: label('Fällig am', 'Due date'),
  },
  text: { id: 'text', field: 'text', order: 'asc' as const, label: label('Maßnahme', 'Measure') },
  status: {
    id: 'status',
    field: 'status',
    order: 'asc' as const,
    label: label('Status', 'Status'),
  },
};

export const DEFAULT_LISTS_CONFIG: ListsConfig = {
  visiblePages: 7,
  facetPanelPageSize: 100,
  lists: {
    default: {
      pageSizes: PAGES_DEFAULT,
      aggregations: [],
      sortings: [BY_NAME],
      defaultSorting: 'name',
      groupings: [],
    },
    auditmatrix: {
      pageSizes: PAGES_DEFAULT,
      aggregations: [
        { id: 'standard', field: 'standard', size: 200, label: label('Standard', 'Standard') },
        { id: 'type', field: 'type', size: 10, label: label('Auditart', 'Audit type') },
        {
          id: 'audited_by',
          field: 'audited_by',
          size: 10,
          label: label('Auditiert durch', 'Audited by'),
        },
        SUPPLIER_FACET,
        {
          id: 'leadauditor',
          field: 'leadauditor',
          size: 100,
          label: label('Leitender Auditor', 'Lead auditor'),
        },
        {
          id: 'planning_year',
          field: 'planning_year',
          size: 10,
          label: label('Planungsjahr', 'Planning year'),
        },
        { id: 'status', field: 'workflow.status', size: 10, label: label('Status', 'Status') },
      ],
      sortings: [BY_NAME],
      defaultSorting: 'name',
      groupings: [],
    },
    audititems: AUDIT_ITEM_LIST,
    templateselection: AUDIT_ITEM_LIST,
    // The template matrix (issue 14.2): as the audit matrix, without what a template has not
    // (lead auditor, planning year, status), with its tags.
    templates: {
      pageSizes: PAGES_DEFAULT,
      aggregations: [
        { id: 'standard', field: 'standard', size: 200, label: label('Standard', 'Standard') },
        { id: 'type', field: 'type', size: 10, label: label('Auditart', 'Audit type') },
        {
          id: 'audited_by',
          field: 'audited_by',
          size: 10,
          label: label('Auditiert durch', 'Audited by'),
        },
        { id: 'tags', field: 'tags', size: 100, label: label('Tags', 'Tags') },
      ],
      sortings: [BY_NAME],
      defaultSorting: 'name',
      groupings: [],
    },
    // A template's questions: as an audit's, without answers and findings.
    templateitems: {
      ...AUDIT_ITEM_LIST,
      aggregations: AUDIT_ITEM_LIST.aggregations.filter(
        (facet) => facet.id !== 'answered' && facet.id !== 'findingImportance',
      ),
      sortings: AUDIT_ITEM_LIST.sortings.filter((sorting) => sorting.id !== 'finding'),
    },
    users: {
      pageSizes: PAGES_LARGE,
      aggregations: [
        { id: 'roles', field: 'roles', size: 10, label: label('Rollen', 'Roles') },
        { id: 'type', field: 'type', size: 10, label: label('Typ', 'Type') },
        // Computed by the users list (features/users): 'yes' when the person can sign in.
        { id: 'active', field: 'active', size: 2, label: label('Anmeldung', 'Login') },
      ],
      sortings: [{ ...BY_NAME, field: 'displayName' }],
      defaultSorting: 'name',
      groupings: [],
    },
    measures: {
      pageSizes: PAGES_LARGE,
      // `state` (open or completed), `overdue` and `auditName` are read by the measures list
      // (features/measures), not stored: SPEC section 4's filters 'Offen', 'Abgeschlossen' and
      // unassigned (an empty `assignedTo` is its own value).
      aggregations: [
        MEASURE_FACETS.state,
        MEASURE_FACETS.status,
        MEASURE_FACETS.assignedTo,
        { id: 'audit', field: 'auditName', size: 200, label: label('Audit', 'Audit') },
        {
          id: 'measuretype',
          field: 'measuretype',
          size: 10,
          label: label('Maßnahmenart', 'Measure type'),
        },
        { id: 'priority', field: 'priority', size: 10, label: label('Priorität', 'Priority') },
        MEASURE_FACETS.overdue,
      ],
      sortings: [
        MEASURE_SORTINGS.dueDate,
        MEASURE_SORTINGS.text,
        { id: 'audit', field: 'auditName', order: 'asc', label: label('Audit', 'Audit') },
        {
          id: 'assignedTo',
          field: 'assigneeNames',
          order: 'asc',
          label: label('Zugewiesen an', 'Assigned to'),
        },
        MEASURE_SORTINGS.status,
        { id: 'autor', field: 'autorName', order: 'asc', label: label('Autor', 'Author') },
      ],
      defaultSorting: 'dueDate',
      groupings: [
        { id: 'audit', field: 'auditName', label: label('Audit', 'Audit') },
        { id: 'status', field: 'status', label: label('Status', 'Status') },
      ],
    },
    // An audit's action list (issue 12.2): its measures grouped by the finding they answer
    // (`finding`, read by the tab).
    auditactionlist: {
      pageSizes: PAGES_LARGE,
      aggregations: [
        MEASURE_FACETS.state,
        MEASURE_FACETS.status,
        MEASURE_FACETS.assignedTo,
        MEASURE_FACETS.overdue,
      ],
      sortings: [MEASURE_SORTINGS.dueDate, MEASURE_SORTINGS.text, MEASURE_SORTINGS.status],
      defaultSorting: 'dueDate',
      groupings: [{ id: 'finding', field: 'finding', label: label('Feststellung', 'Finding') }],
    },
    reporting: { ...AUDIT_ITEM_LIST, pageSizes: [50, 100, 200, null] },
  },
};
