import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  can,
  formatCalendarDay,
  isMeasureOpen,
  isMeasureOverdue,
  localDay,
  measureAuditName,
  measureCheckStatus,
} from '@qa/domain';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isChunkLoadError, lazyComponent, loadChunk } from '../../app/chunk-load';
import { GroupedList } from '../../components/list/grouped-list';
import { ListMoreActions } from '../../components/list/list-more-actions';
import type { ListMenuAction, ListToolbarAction, ListView } from '../../components/list/list-types';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import type { ListFieldReaders } from '../../components/list/list-fields';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useListConfig } from '../../lib/config/use-list-config';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePerson } from '../../lib/session/session-provider';
import { personLabel, usePeople } from '../people/use-people';
import { measureCheckerText } from './measure-checker-text';
import { measureStatusLabel, measureTypeLabel, type MeasureView } from './measure-model';
import type { MeasureLinks } from './measure-dialog';
import { useMeasureWorkflow } from './use-measures';

const MeasureDialog = lazyComponent(
  () => import('./measure-dialog'),
  (m) => m.MeasureDialog,
);
const MeasureDeleteDialog = lazyComponent(
  () => import('./measure-delete-dialog'),
  (m) => m.MeasureDeleteDialog,
);

/** What the full-text search looks at. Stable: a new function would rebuild the list's index. */
const searchText = (row: MeasureRow) =>
  [row.text, row.description, row.auditName, row.assigneeNames, row.autorName].join(' ');

/** Due dates (ISO days) and status ids sort as plain text: no collation for 10,000 rows. */
const plainOrder = (a: string | number | boolean, b: string | number | boolean) =>
  String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
const COMPARATORS = { dueDate: plainOrder, status: plainOrder };

/** An empty `assignedTo` as a facet value of its own (SPEC section 4: the unassigned filter). */
export const UNASSIGNED = '\u0000unassigned';

/** A measure with what the list shows, filters and sorts by. */
export interface MeasureRow extends MeasureView {
  auditName: string;
  assigneeNames: string;
  autorName: string;
  /** 'open' or 'completed' (the workflow's final status). */
  openState: 'open' | 'completed';
  overdue: 'yes' | 'no';
}

export interface MeasureListProps {
  measures: readonly MeasureView[];
  loading: boolean;
  /** The list's configuration key (`lists` segment): 'measures' or 'auditactionlist'. */
  listKey: string;
  label: string;
  /** A measure to show in its dialog (a route's id); `onOpenedClose` when it closes. */
  openId?: string;
  onOpenedClose?: () => void;
  /** What a new measure is created for (an audit's action list); absent: on its own. */
  createLinks?: MeasureLinks;
  /** Readers of fields only this list has (the action list's finding). */
  extraFields?: ListFieldReaders<MeasureRow>;
  formatExtra?: (field: string, value: string) => string | undefined;
  defaultView?: ListView;
  urlState?: boolean;
  groupHeadingLevel?: 2 | 3 | 4;
}

/**
 * A list of measures (SPEC section 2 "Measures list", issue 12): text, audit, assignees, status,
 * author and due date (overdue in red); filters by state (open, completed), status, assignee
 * (or unassigned), audit, type, priority and overdue; sorting by each column; the measure
 * dialog over the list for a row and for a new measure; edit and delete per row; the listed
 * measures as an Excel file (toolbar menu, measure-export.ts, loaded when chosen).
 */
export function MeasureList({
  measures,
  loading,
  listKey,
  label,
  openId: routeId,
  onOpenedClose,
  createLinks,
  extraFields,
  formatExtra,
  defaultView,
  urlState,
  groupHeadingLevel,
}: MeasureListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const person = usePerson();
  const roles = person?.roles ?? [];
  const workflow = useMeasureWorkflow();
  const checkStatus = measureCheckStatus(workflow);
  // On an audit's action list its own audit is where one is already.
  const currentAuditId = createLinks?.auditId;
  const measureConfig = useConfigSegment('measure');
  const { byId } = usePeople();
  const config = useListConfig(listKey);
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<MeasureView | null>(null);
  const [exporting, setExporting] = useState(false);
  const { show } = useSnackbar();
  const today = localDay(new Date());
  const openId = routeId ?? editing;

  const rows = useMemo<MeasureRow[]>(
    () =>
      measures.map((measure) => {
        const audit = measureAuditName(measure, new Map());
        return {
          ...measure,
          auditName: audit === null ? '' : typeof audit === 'string' ? audit : translate(audit),
          assigneeNames: measure.assignedTo.map((id) => personLabel(byId, id, t)).join(', '),
          autorName: personLabel(byId, measure.autor, t),
          openState: isMeasureOpen(measure, workflow) ? 'open' : 'completed',
          overdue: isMeasureOverdue(measure, workflow, today) ? 'yes' : 'no',
        };
      }),
    [measures, byId, t, translate, workflow, today],
  );
  const opened = openId ? measures.find((measure) => measure.id === openId) : undefined;

  const fields = useMemo(
    () => ({
      state: (row: MeasureRow) => row.openState,
      assignedTo: (row: MeasureRow) =>
        row.assignedTo.length === 0 ? [UNASSIGNED] : row.assignedTo,
      overdue: (row: MeasureRow) => row.overdue,
      ...extraFields,
    }),
    [extraFields],
  );
  const formatValue = useCallback(
    (field: string, value: string) => {
      switch (field) {
        case 'state':
          return t(value === 'open' ? 'measures.open' : 'measures.completed');
        case 'status':
          return measureStatusLabel(workflow, value, language);
        case 'assignedTo':
          return value === UNASSIGNED ? t('measures.unassigned') : personLabel(byId, value, t);
        case 'measuretype':
          return measureTypeLabel(measureConfig.types, value, language);
        case 'priority':
          return (
            measureConfig.priorities.find((priority) => priority.id === value)?.label[language] ??
            value
          );
        case 'overdue':
          return t(value === 'yes' ? 'measures.overdue' : 'measures.notOverdue');
        default:
          return formatExtra?.(field, value) ?? value;
      }
    },
    [t, workflow, language, byId, measureConfig, formatExtra],
  );

  // The Excel export of the listed measures: exceljs comes with its chunk when chosen (a few
  // hundred KB the list's first load must not carry). While it loads and writes, the entry is
  // disabled and the toolbar shows progress; a failure says so.
  const exportListed = useCallback(
    async (listed: readonly MeasureRow[]) => {
      setExporting(true);
      try {
        const { exportMeasures } = await loadChunk(() => import('./measure-export'));
        await exportMeasures(
          listed,
          {
            status: (id) => measureStatusLabel(workflow, id, language),
            priority: (id) => formatValue('priority', id),
            type: (id) => formatValue('measuretype', id),
          },
          {
            sheetName: t('measures.title'),
            headers: {
              text: t('measures.fields.text'),
              description: t('measures.fields.description'),
              audit: t('measures.fields.audit'),
              assignedTo: t('measures.fields.assignedTo'),
              author: t('measures.fields.autor'),
              created: t('measures.export.created'),
              dueDate: t('measures.fields.dueDate'),
              status: t('measures.fields.status'),
              overdue: t('measures.overdue'),
              priority: t('measures.fields.priority'),
              type: t('measures.fields.measuretype'),
              causeAnalysis: t('measures.fields.causeAnalysis'),
            },
            yes: t('measures.export.yes'),
            no: t('measures.export.no'),
            dateFormat: t('measures.export.dateFormat'),
          },
        );
      } catch (error) {
        console.error('Excel export failed', error);
        show({
          message: t(
            isChunkLoadError(error) ? 'measures.export.unavailable' : 'measures.export.failed',
          ),
          type: 'error',
        });
      } finally {
        setExporting(false);
      }
    },
    [workflow, language, formatValue, t, show],
  );
  const moreActions = useMemo<ListToolbarAction<MeasureRow>[]>(
    () => [
      {
        id: 'export-excel',
        label: t('measures.export.action'),
        icon: exporting ? <CircularProgress size={20} /> : <FileDownloadIcon fontSize="small" />,
        disabled: exporting,
        onClick: (listed) => void exportListed(listed),
        testId: 'measure-export',
      },
    ],
    [t, exporting, exportListed],
  );

  const userId = person?.id ?? '';
  const mayCreate = can(roles, 'measure.create', { userId, leadauditor: userId });
  const mayDelete = can(roles, 'measure.delete', { userId });
  const close = () => {
    setEditing(null);
    setCreating(false);
    if (routeId) onOpenedClose?.();
  };

  // The texts every row repeats, translated once per list render rather than per row (a filter
  // of 10,000 measures renders a page of rows on every tick: issue 12's bench).
  const labels = useMemo(
    () => ({
      edit: t('measures.edit'),
      openAudit: t('measures.openAudit'),
      delete: t('measures.dialog.delete'),
      audit: t('measures.fields.audit'),
      assignedTo: t('measures.fields.assignedTo'),
      unassigned: t('measures.unassigned'),
      status: t('measures.fields.status'),
      autor: t('measures.fields.autor'),
    }),
    [t],
  );
  // Many measures share a due day: each line's text is made once per day and language.
  const [dueTexts] = useState(() => new Map<string, string>());
  const dueText = (row: MeasureRow): string => {
    const key = `${language}:${row.overdue}:${row.dueDate}`;
    let text = dueTexts.get(key);
    if (text === undefined) {
      const date = formatCalendarDay(row.dueDate!, language);
      text = t(row.overdue === 'yes' ? 'measures.overdueSince' : 'measures.dueOn', { date });
      dueTexts.set(key, text);
    }
    return text;
  };

  const rowActions = (row: MeasureRow) => {
    const actions: ListMenuAction[] = [
      {
        id: 'edit',
        label: labels.edit,
        icon: <EditIcon fontSize="small" />,
        onClick: () => setEditing(row.id),
        testId: 'measure-row-edit',
      },
    ];
    // SPEC's "audit (link)" column: the row itself opens the measure, so the audit is an entry.
    if (row.audit_id && row.audit_id !== currentAuditId) {
      const auditId = row.audit_id;
      actions.push({
        id: 'audit',
        label: labels.openAudit,
        icon: <OpenInNewIcon fontSize="small" />,
        onClick: () => void navigate(`/audit/${encodeURIComponent(auditId)}/auditactionlist`),
        testId: 'measure-row-audit',
      });
    }
    if (mayDelete) {
      actions.push({
        id: 'delete',
        label: labels.delete,
        icon: <DeleteIcon fontSize="small" />,
        danger: true,
        onClick: () => setDeleting(row),
        testId: 'measure-row-delete',
      });
    }
    return (
      <ListMoreActions
        actions={actions}
        label={t('measures.rowActions', { text: row.text })}
        testId={`measure-actions-${row.id}`}
      />
    );
  };

  return (
    <>
      <GroupedList
        items={rows}
        getId={(row) => row.id}
        config={config}
        label={label}
        loading={loading}
        defaultView={defaultView}
        urlState={urlState}
        groupHeadingLevel={groupHeadingLevel}
        emptyText={t('measures.empty')}
        fields={fields}
        formatValue={formatValue}
        getSyncState={(row) => row.state}
        getSearchText={searchText}
        comparators={COMPARATORS}
        actions={
          <>
            {mayCreate && (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setCreating(true)}
                data-testid="measure-create"
              >
                {t('measures.create')}
              </Button>
            )}
            {exporting && (
              <CircularProgress
                size={24}
                aria-label={t('measures.export.preparing')}
                data-testid="measure-export-progress"
              />
            )}
          </>
        }
        moreActions={moreActions}
        getRowOpen={(row) => ({ onOpen: () => setEditing(row.id) })}
        renderRowActions={rowActions}
        rowsSx={measureRowsSx}
        renderRow={(row) => (
          <div className="measure-row" data-testid={`measure-row-${row.id}`}>
            <p className="measure-text">{row.text}</p>
            <p className="measure-meta">
              {[
                row.auditName && `${labels.audit}: ${row.auditName}`,
                `${labels.assignedTo}: ${row.assigneeNames || labels.unassigned}`,
                `${labels.status}: ${measureStatusLabel(workflow, row.status, language)}`,
                row.status === checkStatus && measureCheckerText(row, byId, t),
                `${labels.autor}: ${row.autorName}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {row.dueDate && (
              <p
                className={row.overdue === 'yes' ? 'measure-due measure-overdue' : 'measure-due'}
                data-testid="measure-row-due"
              >
                {dueText(row)}
              </p>
            )}
          </div>
        )}
      />
      {routeId && !loading && !opened && (
        <Typography role="alert" color="error" sx={{ mt: 2 }} data-testid="measure-unknown">
          {translate({ key: 'measure.loadFailed', params: { id: routeId } })}
        </Typography>
      )}
      <Suspense fallback={null}>
        {(opened || creating) && (
          <MeasureDialog
            key={opened?.id ?? 'new'}
            measure={opened}
            links={opened ? undefined : createLinks}
            onClose={close}
          />
        )}
        {deleting && <MeasureDeleteDialog measure={deleting} onClose={() => setDeleting(null)} />}
      </Suspense>
    </>
  );
}

/** The rows' styles, once for the list (grouped-list.tsx's `rowsSx`), not per row. */
const measureRowsSx: SxProps<Theme> = (theme) => ({
  '& .measure-row': { minWidth: 0, paddingBlock: theme.spacing(0.5) },
  '& .measure-row p': { margin: 0 },
  '& .measure-text': {
    fontSize: theme.typography.body1.fontSize,
    lineHeight: theme.typography.body1.lineHeight,
    fontWeight: 500,
    overflowWrap: 'anywhere',
  },
  '& .measure-meta, & .measure-due': {
    fontSize: theme.typography.body2.fontSize,
    lineHeight: theme.typography.body2.lineHeight,
    color: theme.palette.text.secondary,
  },
  '& .measure-overdue': { color: theme.palette.error.main, fontWeight: 500 },
});
