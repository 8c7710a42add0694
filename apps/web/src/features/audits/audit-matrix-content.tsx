import AddIcon from '@mui/icons-material/Add';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import LockIcon from '@mui/icons-material/Lock';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import {
  ALL_YEARS,
  STANDARDS_COLLECTION,
  auditPermissionContext,
  can,
  matrixYearList,
  matrixYearOrFallback,
  auditSupplierOf,
  resolveWorkflowStatus,
  supplierSummary,
  type PermissionAction,
} from '@qa/domain';
import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { lazyComponent } from '../../app/chunk-load';
import { CompactSelect } from '../../components/form/compact-select';
import { GroupedList } from '../../components/list/grouped-list';
import { NavigationProgressBar } from '../../components/shell/navigation-progress';
import { useListConfig } from '../../lib/config/use-list-config';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAdminView } from '../../lib/routing/use-admin-view';
import { preferredPlanningYear } from '../../lib/session/person-preferences';
import { usePerson } from '../../lib/session/session-provider';
import { SyncStateIcon } from '../../lib/sync/sync-state-icon';
import { useDocument } from '../../lib/sync/use-document';
import { useMountedOnce } from '../../lib/dom/use-mounted-once';
import { useJsonStable } from '../../lib/sync/use-json-stable';
import { QueryProgress } from '../../lib/sync/query-progress';
import { useQuery } from '../../lib/sync/use-query';
import { personLabel, usePeople } from '../people/use-people';
import { displayValue } from './audit-document';
import {
  idsOf,
  matrixFieldReaders,
  matrixQuery,
  optionLabel,
  parseMatrixYear,
  useAuditConfig,
  type AuditMatrixRow,
} from './audit-matrix-rows';
import { auditWorkflow, workflowLabel } from './audit-workflow-labels';
import { MatrixHeader, MatrixRowMenu, MatrixValueCells, matrixRowSx } from './matrix-layout';

const STANDARDS_QUERY = { collection: STANDARDS_COLLECTION, filters: [] };
const NO_ROWS: readonly AuditMatrixRow[] = [];

/** Loaded when first opened: its date pickers are a third of what the matrix would load. */
const AuditDialog = lazyComponent(
  () => import('./audit-dialog'),
  (m) => m.AuditDialog,
);

/**
 * Loaded when first opened, as the audit dialog: the delete confirmation and the CSV import
 * (its parser and report texts) are not part of a first load (issue 18).
 */
const AuditMatrixDeleteDialog = lazyComponent(
  () => import('./audit-matrix-delete-dialog'),
  (m) => m.AuditMatrixDeleteDialog,
);
const AuditImportDialog = lazyComponent(
  () => import('./audit-import-dialog'),
  (m) => m.AuditImportDialog,
);
/** The trend per scope (issue 13.5): its scoring and charts load when it is first opened. */
const AuditTrendDialog = lazyComponent(
  () => import('./audit-trend-dialog'),
  (m) => m.AuditTrendDialog,
);

/**
 * Name, supplier, standard, type, audited by, scope, created by, icons (md and wider); the row's
 * menu sits outside the row's link (the header adds a column over it, see ACTIONS_COLUMN).
 */
const ROW_COLUMNS =
  'minmax(0, 2fr) minmax(0, 1.4fr) minmax(0, 1.3fr) minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1.3fr) minmax(0, 1.2fr) 56px';

const COLUMN_KEYS = [
  'auditMatrix.columns.name',
  'auditMatrix.columns.supplier',
  'auditMatrix.columns.standard',
  'auditMatrix.columns.type',
  'auditMatrix.columns.art',
  'auditMatrix.columns.scope',
  'auditMatrix.columns.createdBy',
  'auditMatrix.columns.state',
  'auditMatrix.columns.actions',
] as const;
/** The labelled values of a row, in column order (the name and the icons are apart). */
const VALUE_COLUMNS = [
  ['supplier', 'auditMatrix.columns.supplier'],
  ['standard', 'auditMatrix.columns.standard'],
  ['type', 'auditMatrix.columns.type'],
  ['art', 'auditMatrix.columns.art'],
  ['scope', 'auditMatrix.columns.scope'],
  ['createdBy', 'auditMatrix.columns.createdBy'],
] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
/**
 * A row's look in one style, given to the list for all rows (issue 18: a row of the matrix was
 * about twenty styled components, and a slow phone paid for each on every render). The cells are plain elements:
 * the name, then each value with its label, which is seen in the card layout and only heard on
 * md and wider (under the header); an empty value keeps its column on md and wider.
 */
const rowSx = (theme: Theme) => ({
  ...matrixRowSx(theme, 'matrix', ROW_COLUMNS),
  '& .matrix-icons': { display: 'flex', gap: theme.spacing(0.5), alignItems: 'center' },
});

/** Given to the list once, for every row (not an `sx` per row). */
const rowsSx = (theme: Theme) => ({ '& .matrix-row': rowSx(theme) });

const rowId = (row: AuditMatrixRow) => row.id;
const getRowOpen = (row: AuditMatrixRow) => ({ href: `/audit/${encodeURIComponent(row.id)}` });

/**
 * The audit programme's list under its title (audit-matrix-page.tsx): the audits of one planning
 * year (`?year=`, default the current year) in the grouped list, with create, edit and delete
 * for who may, and the audit import in the admin view (`?admin`, SPEC section 6).
 */
export function AuditMatrixContent() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const person = usePerson();
  const adminView = useAdminView();
  const [params, setParams] = useSearchParams();
  const auditConfig = useAuditConfig();
  const config = useListConfig('auditmatrix');
  const { byId: people, loading: peopleLoading } = usePeople();
  const { document: workflowDoc } = useDocument('configuration', 'workflow');
  const { documents: standardDocs, loading: standardsLoading } = useQuery(STANDARDS_QUERY);

  const currentYear = new Date().getFullYear();
  const span = auditConfig.matrixYears;
  const years = useMemo(() => matrixYearList(span, currentYear), [span, currentYear]);
  // Without `?year=`, the person's preferred planning year (settings) if the list offers it.
  const preferredYear = preferredPlanningYear(person);
  const year = matrixYearOrFallback(
    parseMatrixYear(params.get('year')) ?? preferredYear,
    span,
    currentYear,
  );
  const { documents, loading: auditsLoading, progress } = useQuery(matrixQuery(year));
  // Rows wait for the names their ids stand for: shown first as ids ("User: 0193..."), a card
  // lost two lines a moment later and every row below jumped (layout shift 0.1 on a phone).
  const loading = auditsLoading || peopleLoading || standardsLoading;

  // `vda`: "New VDA 6.3 process audit" (issue 19), the audit dialog preset for VDA 6.3.
  const [editing, setEditing] = useState<{ auditId?: string; vda?: boolean } | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const deleteDialogMounted = useMountedOnce(deleting !== null);
  const importDialogMounted = useMountedOnce(importing);
  const [trendOpen, setTrendOpen] = useState(false);
  const trendDialogMounted = useMountedOnce(trendOpen);

  // The view's documents are the rows: an unchanged audit keeps its object, so its row is not
  // rendered again when another one changes.
  const rows: readonly AuditMatrixRow[] = peopleLoading || standardsLoading ? NO_ROWS : documents;
  const fields = useMemo(() => matrixFieldReaders(config), [config]);
  const standardNames = useMemo(
    () => new Map(standardDocs.map((doc) => [doc.id, text(doc.data.name) || doc.id])),
    [standardDocs],
  );
  const workflowData = workflowDoc?.data;
  const workflow = useJsonStable(useMemo(() => auditWorkflow(workflowData), [workflowData]));

  const formatValue = useCallback(
    (field: string, value: string): string => {
      switch (field) {
        case 'standard':
          return standardNames.get(value) ?? value;
        case 'leadauditor':
        case 'created_by':
          return personLabel(people, value, t);
        case 'type':
          return optionLabel(auditConfig.types, value, language);
        case 'audited_by':
          return optionLabel(auditConfig.parties, value, language);
        case 'workflow.status': {
          const resolved = resolveWorkflowStatus(workflow, value, 'audit');
          return resolved.status
            ? workflowLabel(resolved.status.id, resolved.status.description, language)
            : resolved.display;
        }
        default:
          return value;
      }
    },
    [standardNames, people, t, auditConfig, language, workflow],
  );
  const cells = useCallback(
    (row: AuditMatrixRow) => {
      const { data } = row;
      const creator = text(data.created_by);
      const lead = text(data.leadauditor);
      return {
        name: text(data.name) || row.id,
        supplier: supplierSummary(auditSupplierOf(data)),
        standard: idsOf(data.standard)
          .map((id) => formatValue('standard', id))
          .join(', '),
        type: text(data.type) && formatValue('type', text(data.type)),
        art: text(data.audited_by) && formatValue('audited_by', text(data.audited_by)),
        scope: displayValue(data.scope),
        createdBy: creator && personLabel(people, creator, t),
        lead: lead && personLabel(people, lead, t),
      };
    },
    [formatValue, people, t],
  );
  const getSearchText = useCallback(
    (row: AuditMatrixRow) =>
      Object.values(cells(row))
        .concat(row.id, String(row.data.planning_year ?? ''))
        .join(' '),
    [cells],
  );

  // The commands' own actions, so the buttons follow the rules the commands are checked by.
  const may = useCallback(
    (action: PermissionAction | undefined, row?: AuditMatrixRow) =>
      person !== null &&
      action !== undefined &&
      can(person.roles, action, row ? auditPermissionContext(row.data, person.id) : undefined),
    [person],
  );
  const mayCreate = may('audit.create');

  // The toolbar and the header as memoized elements: the matrix renders again for each batch of
  // documents a start brings, and the list then keeps them instead of rendering their dozens of
  // styled components again (issue 18).
  const actions = useMemo(
    () => (
      <>
        <CompactSelect
          label={t('auditMatrix.year')}
          value={String(year)}
          options={years.map((entry) => ({
            value: String(entry),
            label: entry === ALL_YEARS ? t('auditMatrix.allYears') : String(entry),
          }))}
          onChange={(value) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('year', value);
              return next;
            })
          }
          testId="audit-matrix-year"
          sx={{ minWidth: 140 }}
        />
        <Button
          variant="outlined"
          startIcon={<ShowChartIcon />}
          onClick={() => setTrendOpen(true)}
          data-testid="audit-trend"
        >
          {t('auditMatrix.trend.action')}
        </Button>
        {mayCreate && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({})}
            data-testid="audit-create"
          >
            {t('auditMatrix.create')}
          </Button>
        )}
      </>
    ),
    [t, year, years, setParams, mayCreate],
  );
  const moreActions = useMemo(() => {
    const entries = [
      ...(mayCreate
        ? [
            {
              id: 'newVdaAudit',
              label: t('auditMatrix.newVdaAudit'),
              icon: <FactCheckIcon fontSize="small" />,
              onClick: () => setEditing({ vda: true }),
              testId: 'audit-create-vda',
            },
          ]
        : []),
      ...(adminView
        ? [
            {
              id: 'import',
              label: t('auditMatrix.importAudits'),
              icon: <UploadFileIcon fontSize="small" />,
              onClick: () => setImporting(true),
            },
            {
              id: 'importPage',
              label: t('auditMatrix.importPage'),
              icon: <OpenInNewIcon fontSize="small" />,
              onClick: () => void navigate('/auditimport'),
              testId: 'audit-import-page-link',
            },
          ]
        : []),
    ];
    return entries.length > 0 ? entries : undefined;
  }, [adminView, mayCreate, navigate, t]);

  const header = useMemo(
    () => (
      <MatrixHeader
        rowColumns={ROW_COLUMNS}
        columns={COLUMN_KEYS.map((key) => ({ key, label: t(key) }))}
        testId="audit-matrix-header"
      />
    ),
    [t],
  );

  // The whole row is the link that opens the audit (its name alone was a 19 px target); in
  // the card layout each value says what it is, on md and wider the header does (the label
  // stays for screen readers, since the grid is no table).
  // Stable between renders (the list keeps a row as it is while its audit is unchanged).
  const renderRow = useCallback(
    (row: AuditMatrixRow): ReactNode => {
      const cell = cells(row);
      return (
        <div className="matrix-row" data-testid={`audit-row-${row.id}`}>
          <p className="matrix-name" data-testid="audit-row-name">
            {cell.name}
          </p>
          <MatrixValueCells
            prefix="matrix"
            columns={VALUE_COLUMNS}
            cell={cell}
            label={(labelKey) => t(labelKey)}
          />
          <div className="matrix-icons">
            {row.data.protected === true && (
              <LockIcon
                fontSize="small"
                role="img"
                aria-hidden={false}
                aria-label={t('auditMatrix.protected')}
                titleAccess={t('auditMatrix.protected')}
                data-testid={`audit-protected-${row.id}`}
              />
            )}
            <SyncStateIcon state={row.state} size="small" />
          </div>
        </div>
      );
    },
    [cells, t],
  );
  const renderRowActions = useCallback(
    (row: AuditMatrixRow): ReactNode => {
      const name = cells(row).name;
      return (
        <MatrixRowMenu
          edit={
            may('audit.update', row)
              ? {
                  label: t('auditMatrix.edit', { name }),
                  onClick: () => setEditing({ auditId: row.id }),
                  testId: `audit-edit-${row.id}`,
                }
              : undefined
          }
          remove={
            may('audit.delete', row)
              ? {
                  label: t('auditMatrix.deleteOne', { name }),
                  onClick: () => setDeleting({ id: row.id, name }),
                  testId: `audit-delete-${row.id}`,
                }
              : undefined
          }
          label={t('auditMatrix.rowActions', { name })}
          testId={`audit-menu-${row.id}`}
        />
      );
    },
    [cells, may, t],
  );

  return (
    <>
      <QueryProgress progress={progress} />
      <GroupedList
        items={rows}
        getId={rowId}
        config={config}
        fields={fields}
        label={t('auditMatrix.title')}
        loading={loading}
        emptyText={
          year === ALL_YEARS ? t('auditMatrix.emptyAll') : t('auditMatrix.empty', { year })
        }
        getSearchText={getSearchText}
        formatValue={formatValue}
        header={header}
        actions={actions}
        moreActions={moreActions}
        renderRow={renderRow}
        rowsSx={rowsSx}
        getRowOpen={getRowOpen}
        renderRowActions={renderRowActions}
      />
      {editing && (
        <Suspense fallback={<NavigationProgressBar />}>
          <AuditDialog
            open
            auditId={editing.auditId}
            vdaPreset={editing.vda}
            onClose={(savedAuditId) => {
              const created = editing.auditId === undefined;
              setEditing(null);
              // A new VDA audit opens where its imported questions are prepared.
              if (created && savedAuditId)
                void navigate(
                  `/audit/${encodeURIComponent(savedAuditId)}${editing.vda ? '/auditpreparation' : ''}`,
                );
            }}
          />
        </Suspense>
      )}
      {deleteDialogMounted && (
        <Suspense fallback={<NavigationProgressBar />}>
          <AuditMatrixDeleteDialog audit={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
      {importDialogMounted && (
        <Suspense fallback={<NavigationProgressBar />}>
          <AuditImportDialog open={importing} onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {trendDialogMounted && (
        <Suspense fallback={<NavigationProgressBar />}>
          <AuditTrendDialog open={trendOpen} onClose={() => setTrendOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
