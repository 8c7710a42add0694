import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import type { Theme } from '@mui/material/styles';
import {
  STANDARDS_COLLECTION,
  TEMPLATES_COLLECTION,
  can,
  createTemplateCommand,
  deleteTemplateCommand,
  updateTemplateCommand,
} from '@qa/domain';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GroupedList } from '../../components/list/grouped-list';
import { PageLayout } from '../../components/pages/page-layout';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useListConfig } from '../../lib/config/use-list-config';
import { formatDate } from '../../lib/i18n/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePerson } from '../../lib/session/session-provider';
import { SyncStateIcon } from '../../lib/sync/sync-state-icon';
import { useQuery } from '../../lib/sync/use-query';
import { displayValue } from '../audits/audit-document';
import {
  idsOf,
  matrixFieldReaders,
  optionLabel,
  type AuditMatrixRow,
} from '../audits/audit-matrix-rows';
import {
  MatrixHeader,
  MatrixRowMenu,
  MatrixValueCells,
  matrixRowSx,
} from '../audits/matrix-layout';
import { TemplateDeleteDialog } from './template-delete-dialog';
import { TemplateDialog } from './template-dialog';

type Row = AuditMatrixRow;

const TEMPLATES_QUERY = { collection: TEMPLATES_COLLECTION, filters: [] };
const STANDARDS_QUERY = { collection: STANDARDS_COLLECTION, filters: [] };

/** Name, standard, type, audit kind, scope, created date, sync icon (md and wider). */
const ROW_COLUMNS =
  'minmax(0, 2fr) minmax(0, 1.3fr) minmax(0, 1.2fr) minmax(0, 1fr) minmax(0, 1.3fr) minmax(0, 1fr) 32px';

const COLUMN_KEYS = [
  'templates.columns.name',
  'templates.columns.standard',
  'templates.columns.type',
  'templates.columns.auditedBy',
  'templates.columns.scope',
  'templates.columns.createdDate',
  'templates.columns.state',
  'templates.columns.actions',
] as const;
const VALUE_COLUMNS = [
  ['standard', 'templates.columns.standard'],
  ['type', 'templates.columns.type'],
  ['auditedBy', 'templates.columns.auditedBy'],
  ['scope', 'templates.columns.scope'],
  ['createdDate', 'templates.columns.createdDate'],
] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const rowSx = (theme: Theme) =>
  matrixRowSx(theme, 'tpl', ROW_COLUMNS, { overflowWrap: 'anywhere' });
const rowsSx = (theme: Theme) => ({ '& .tpl-row': rowSx(theme) });

const rowId = (row: Row) => row.id;
const getRowOpen = (row: Row) => ({ href: `/templates/${encodeURIComponent(row.id)}` });

/**
 * /templates (SPEC section 2 "Template matrix"): the templates in the generic list with search,
 * facets and pagination; a row opens its template; edit and delete in the row's menu and the
 * floating add button for who may (quality managers and admins).
 */
export function TemplateMatrixPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const person = usePerson();
  const auditConfig = useConfigSegment('audit');
  const config = useListConfig('templates');
  const { documents, loading: templatesLoading } = useQuery(TEMPLATES_QUERY);
  const { documents: standardDocs, loading: standardsLoading } = useQuery(STANDARDS_QUERY);
  const loading = templatesLoading || standardsLoading;
  const [editing, setEditing] = useState<{ templateId?: string; key: number } | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);

  const fields = useMemo(() => matrixFieldReaders(config), [config]);
  const standardNames = useMemo(
    () => new Map(standardDocs.map((doc) => [doc.id, text(doc.data.name) || doc.id])),
    [standardDocs],
  );
  const formatValue = useCallback(
    (field: string, value: string): string => {
      switch (field) {
        case 'standard':
          return standardNames.get(value) ?? value;
        case 'type':
          return optionLabel(auditConfig.types, value, language);
        case 'audited_by':
          return optionLabel(auditConfig.parties, value, language);
        default:
          return value;
      }
    },
    [standardNames, auditConfig, language],
  );
  const cells = useCallback(
    (row: Row) => {
      const { data } = row;
      const created = text(data.created_date);
      return {
        name: text(data.name) || row.id,
        standard: idsOf(data.standard)
          .map((id) => formatValue('standard', id))
          .join(', '),
        type: text(data.type) && formatValue('type', text(data.type)),
        auditedBy: text(data.audited_by) && formatValue('audited_by', text(data.audited_by)),
        scope: displayValue(data.scope),
        createdDate: created && formatDate(created, language),
      };
    },
    [formatValue, language],
  );
  const getSearchText = useCallback(
    (row: Row) =>
      Object.values(cells(row))
        .concat(row.id, displayValue(row.data.tags), displayValue(row.data.process))
        .join(' '),
    [cells],
  );

  const roles = person?.roles ?? [];
  const mayCreate = can(roles, createTemplateCommand.action ?? 'template.create');
  const mayUpdate = can(roles, updateTemplateCommand.action ?? 'template.update');
  const mayDelete = can(roles, deleteTemplateCommand.action ?? 'template.delete');

  const header = useMemo(
    () => (
      <MatrixHeader
        rowColumns={ROW_COLUMNS}
        columns={COLUMN_KEYS.map((key) => ({ key, label: t(key) }))}
        testId="template-matrix-header"
      />
    ),
    [t],
  );

  const renderRow = useCallback(
    (row: Row): ReactNode => {
      const cell = cells(row);
      return (
        <div className="tpl-row" data-testid={`template-row-${row.id}`}>
          <p className="tpl-name" data-testid="template-row-name">
            {cell.name}
          </p>
          <MatrixValueCells
            prefix="tpl"
            columns={VALUE_COLUMNS}
            cell={cell}
            label={(labelKey) => t(labelKey)}
          />
          <SyncStateIcon state={row.state} size="small" />
        </div>
      );
    },
    [cells, t],
  );
  const renderRowActions = useCallback(
    (row: Row): ReactNode => {
      const name = cells(row).name;
      return (
        <MatrixRowMenu
          edit={
            mayUpdate
              ? {
                  label: t('templates.edit', { name }),
                  onClick: () => setEditing({ templateId: row.id, key: Date.now() }),
                  testId: `template-edit-${row.id}`,
                }
              : undefined
          }
          remove={
            mayDelete
              ? {
                  label: t('templates.deleteOne', { name }),
                  onClick: () => setDeleting({ id: row.id, name }),
                  testId: `template-delete-${row.id}`,
                }
              : undefined
          }
          label={t('templates.rowActions', { name })}
          testId={`template-menu-${row.id}`}
        />
      );
    },
    [cells, mayUpdate, mayDelete, t],
  );

  return (
    <PageLayout title={t('templates.title')}>
      <Box sx={{ pb: mayCreate ? 10 : 0 }}>
        <GroupedList
          items={documents}
          getId={rowId}
          config={config}
          fields={fields}
          label={t('templates.title')}
          loading={loading}
          emptyText={t('templates.empty')}
          getSearchText={getSearchText}
          formatValue={formatValue}
          header={header}
          renderRow={renderRow}
          rowsSx={rowsSx}
          getRowOpen={getRowOpen}
          renderRowActions={renderRowActions}
        />
      </Box>
      {mayCreate && (
        <Fab
          color="primary"
          aria-label={t('templates.create')}
          onClick={() => setEditing({ key: Date.now() })}
          data-testid="template-create"
          sx={{ position: 'fixed', right: { xs: 16, sm: 24 }, bottom: { xs: 72, sm: 80 } }}
        >
          <AddIcon />
        </Fab>
      )}
      {editing && (
        <TemplateDialog
          key={editing.key}
          templateId={editing.templateId}
          onClose={(savedId) => {
            const created = editing.templateId === undefined;
            setEditing(null);
            if (created && savedId) void navigate(`/templates/${encodeURIComponent(savedId)}`);
          }}
        />
      )}
      <TemplateDeleteDialog template={deleting} onClose={() => setDeleting(null)} />
    </PageLayout>
  );
}
