import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  TEMPLATE_ITEMS_COLLECTION,
  TEMPLATES_COLLECTION,
  can,
  deleteTemplateItemCommand,
  updateTemplateCommand,
} from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { GroupedList } from '../../components/list/grouped-list';
import { PageLayout } from '../../components/pages/page-layout';
import { PageSpinner } from '../../components/pages/page-spinner';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useListConfig } from '../../lib/config/use-list-config';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { formatDate } from '../../lib/i18n/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePerson } from '../../lib/session/session-provider';
import { useCommand } from '../../lib/sync/use-command';
import { useDocument } from '../../lib/sync/use-document';
import { useQuery } from '../../lib/sync/use-query';
import { AuditQuestionDialog } from '../audits/preparation/audit-question-dialog';
import {
  PreparationRowMenu,
  PreparationRowView,
  type RowActions,
  type RowLabels,
} from '../audits/preparation/preparation-row-view';
import {
  createRowCache,
  importanceLabel,
  nextQuestionNumber,
  searchTextOf,
  type PreparationRow,
} from '../audits/preparation/preparation-rows';
import {
  auditStandardIds,
  useAuditStandards,
  usePreparationConfig,
} from '../audits/preparation/use-preparation-config';
import { useItemListView } from '../audits/preparation/use-item-list-view';
import { personLabel, usePeople } from '../people/use-people';

type DialogState =
  | { kind: 'none' }
  | { kind: 'question'; item?: PreparationRow; key: number }
  | { kind: 'delete'; item: PreparationRow };

const stringList = (value: JsonValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
const getId = (row: PreparationRow) => row.id;
const getSyncState = (row: PreparationRow) => row.state;
const NO_NUMBER = '–';

/**
 * /templates/:templateId/templatepreparation (SPEC section 2): the template's questions in the
 * generic list (the audit preparation tab's row view and list configuration 'audititems'), with
 * create and edit in the audit question dialog and delete after a confirmation, for quality
 * managers and admins; everyone else reads.
 */
export function TemplatePreparationPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const person = usePerson();
  const titleId = useId();
  const { templateId } = useParams();
  const { document: template, loading: templateLoading } = useDocument(
    TEMPLATES_COLLECTION,
    templateId,
  );
  const { documents, loading: itemsLoading } = useQuery(
    templateId
      ? {
          collection: TEMPLATE_ITEMS_COLLECTION,
          filters: [{ path: ['templateId'], op: '==', value: templateId }],
        }
      : null,
  );
  const listConfig = useListConfig('templateitems');
  const config = usePreparationConfig();
  const people = usePeople();
  const data = template?.data;
  const standardIds = useMemo(() => auditStandardIds(data?.standard), [data]);
  const { chapters } = useAuditStandards(standardIds);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [toRows] = useState(createRowCache);
  const rows = useMemo(() => toRows(documents), [toRows, documents]);
  const mayEdit = can(person?.roles ?? [], updateTemplateCommand.action ?? 'template.update');

  const importances = config.audititem.importances;
  const { fields, comparators, formatValue, categoryLabel } = useItemListView(
    rows,
    config,
    chapters,
  );
  const labels = useMemo<RowLabels>(
    () => ({
      category: (row) =>
        row.question.category_id === '' && row.question.category !== ''
          ? row.question.category
          : categoryLabel(row.question.category_id),
      importance: (id) => importanceLabel(id, importances, language),
      importanceColor: (id) => importances.find((entry) => entry.id === id)?.color,
      deactivated: t('preparation.deactivated'),
      completed: t('preparation.completed'),
      hint: t('preparation.hint'),
      chapters: t('preparation.chapters'),
      number: t('preparation.number'),
      auditor: (id) => t('preparation.auditor', { name: personLabel(people.byId, id, t) }),
      auditDay: (day) =>
        t('preparation.auditDay', { day: formatDate(`${day}T00:00:00`, language) }),
      edit: (no) => t('preparation.actions.edit', { no }),
      deactivate: (no) => t('preparation.actions.deactivate', { no }),
      reactivate: (no) => t('preparation.actions.reactivate', { no }),
      remove: (no) => t('preparation.actions.delete', { no }),
      more: (no) => t('preparation.actions.more', { no }),
    }),
    [categoryLabel, importances, language, people.byId, t],
  );
  const actions = useMemo<RowActions>(
    () =>
      mayEdit
        ? {
            edit: (row) => setDialog({ kind: 'question', item: row, key: Date.now() }),
            remove: (row) => setDialog({ kind: 'delete', item: row }),
          }
        : {},
    [mayEdit],
  );
  const renderRow = useCallback(
    (row: PreparationRow) => <PreparationRowView row={row} labels={labels} />,
    [labels],
  );
  const getRowOpen = useMemo(() => {
    const edit = actions.edit;
    return edit ? (row: PreparationRow) => ({ onOpen: () => edit(row) }) : undefined;
  }, [actions]);
  const renderRowActions = useCallback(
    (row: PreparationRow) => <PreparationRowMenu row={row} labels={labels} actions={actions} />,
    [labels, actions],
  );

  async function confirmDelete(item: PreparationRow) {
    setDialog({ kind: 'none' });
    if (!templateId) return;
    try {
      const { local } = await runCommand(deleteTemplateItemCommand.name, {
        templateId,
        id: item.id,
      });
      if (!local.ok) show({ type: 'error', message: translate(local.error.message) });
      else if (local.message) show({ type: 'success', message: translate(local.message) });
    } catch {
      show({ type: 'error', message: t('templates.commandFailed') });
    }
  }

  if (templateLoading) return <PageSpinner label={t('templates.loading')} />;
  if (!template || !templateId) {
    return (
      <PageLayout title={t('templates.notFoundTitle')}>
        <Typography data-testid="template-not-found">{t('templates.notFound')}</Typography>
      </PageLayout>
    );
  }
  const name = typeof data?.name === 'string' && data.name !== '' ? data.name : templateId;

  return (
    <PageLayout title={t('templates.preparationTitle')}>
      <Button
        component={RouterLink}
        to={`/templates/${encodeURIComponent(templateId)}`}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 2 }}
        data-testid="template-back"
      >
        {t('templates.backToTemplate', { name })}
      </Button>
      <section aria-labelledby={titleId} data-testid="template-preparation">
        <Typography id={titleId} variant="h5" component="h2" gutterBottom>
          {name}
        </Typography>
        <GroupedList
          items={rows}
          getId={getId}
          config={listConfig}
          fields={fields}
          comparators={comparators}
          getSearchText={searchTextOf}
          formatValue={formatValue}
          renderRow={renderRow}
          getRowOpen={getRowOpen}
          renderRowActions={renderRowActions}
          getSyncState={getSyncState}
          loading={itemsLoading}
          label={t('templates.items.listLabel')}
          emptyText={t('templates.items.empty')}
          groupHeadingLevel={3}
          actions={
            mayEdit ? (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setDialog({ kind: 'question', key: Date.now() })}
                data-testid="question-create"
              >
                {t('templates.items.newQuestion')}
              </Button>
            ) : undefined
          }
        />
      </section>
      {dialog.kind === 'question' && (
        <AuditQuestionDialog
          key={dialog.key}
          auditId=""
          templateId={templateId}
          item={dialog.item}
          nextNumber={nextQuestionNumber(rows)}
          auditingDates={[]}
          auditProcesses={stringList(data?.process)}
          categories={config.categories}
          importances={importances}
          chapters={chapters}
          onClose={() => setDialog({ kind: 'none' })}
        />
      )}
      <Dialog
        open={dialog.kind === 'delete'}
        onClose={() => setDialog({ kind: 'none' })}
        aria-labelledby={`${titleId}-delete`}
      >
        <DialogTitle id={`${titleId}-delete`}>{t('templates.items.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="item-delete-text">
            {translate({ key: 'confirm.deleteItem' })}
          </DialogContentText>
          {dialog.kind === 'delete' && (
            <DialogContentText sx={{ mt: 1 }}>
              {`${dialog.item.question.no || NO_NUMBER} ${dialog.item.question.text}`}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog({ kind: 'none' })}>
            {t('templates.delete.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => dialog.kind === 'delete' && void confirmDelete(dialog.item)}
            data-testid="item-delete-confirm"
          >
            {t('templates.delete.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </PageLayout>
  );
}
