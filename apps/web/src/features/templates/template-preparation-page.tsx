import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  TEMPLATE_ITEMS_COLLECTION,
  TEMPLATES_COLLECTION,
  can,
  deleteTemplateItemCommand,
  isVdaAudit,
  questionCategories,
  updateTemplateCommand,
} from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { ListMenuAction } from '../../components/list/list-types';
import { PageLayout } from '../../components/pages/page-layout';
import { PageSpinner } from '../../components/pages/page-spinner';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useListConfig } from '../../lib/config/use-list-config';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { usePerson } from '../../lib/session/session-provider';
import { useCommand } from '../../lib/sync/use-command';
import { useDocument } from '../../lib/sync/use-document';
import { useQuery } from '../../lib/sync/use-query';
import { AuditQuestionDialog } from '../audits/preparation/audit-question-dialog';
import type { RowActions } from '../audits/preparation/preparation-row-view';
import {
  createRowCache,
  nextQuestionNumber,
  type PreparationRow,
} from '../audits/preparation/preparation-rows';
import { QuestionDeleteDialog, QuestionListView } from '../audits/preparation/question-list-view';
import {
  auditStandardIds,
  useAuditStandards,
  usePreparationConfig,
} from '../audits/preparation/use-preparation-config';
import { TemplateSelectionDialog } from '../audits/preparation/template-selection-dialog';

type DialogState =
  | { kind: 'none' }
  | { kind: 'question'; item?: PreparationRow; key: number }
  | { kind: 'delete'; item: PreparationRow }
  | { kind: 'useTemplate'; key: number };

const stringList = (value: JsonValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/**
 * /templates/:templateId/templatepreparation (SPEC section 2): the template's questions in the
 * generic list (the audit preparation tab's row view and list configuration 'audititems'), with
 * create and edit in the audit question dialog and delete after a confirmation, for quality
 * managers and admins; everyone else reads.
 */
export function TemplatePreparationPage() {
  const { t } = useTranslation();
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
  const data = template?.data;
  const standardIds = useMemo(() => auditStandardIds(data?.standard), [data]);
  const { standards, chapters } = useAuditStandards(standardIds);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [toRows] = useState(createRowCache);
  const rows = useMemo(() => toRows(documents), [toRows, documents]);
  const mayEdit = can(person?.roles ?? [], updateTemplateCommand.action ?? 'template.update');

  const importances = config.audititem.importances;
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
  // SPEC section 2: "use template" opens the item selection dialog ('templateselection').
  const moreActions = useMemo<ListMenuAction[]>(
    () => [
      {
        id: 'useTemplate',
        label: t('templates.useTemplate'),
        onClick: () => setDialog({ kind: 'useTemplate', key: Date.now() }),
        disabled: !mayEdit,
        testId: 'use-template',
      },
    ],
    [t, mayEdit],
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
        <QuestionListView
          rows={rows}
          listConfig={listConfig}
          config={config}
          chapters={chapters}
          actions={actions}
          loading={itemsLoading}
          label={t('templates.items.listLabel')}
          emptyText={t('templates.items.empty')}
          createLabel={mayEdit ? t('templates.items.newQuestion') : undefined}
          onCreate={() => setDialog({ kind: 'question', key: Date.now() })}
          moreActions={moreActions}
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
          categories={questionCategories(config.categories, isVdaAudit(data))}
          importances={importances}
          chapters={chapters}
          onClose={() => setDialog({ kind: 'none' })}
        />
      )}
      {dialog.kind === 'useTemplate' && (
        <TemplateSelectionDialog
          key={dialog.key}
          intoTemplateId={templateId}
          standardIds={standardIds}
          targets={standards}
          config={config}
          initialTemplateId={null}
          onClose={() => setDialog({ kind: 'none' })}
        />
      )}
      <QuestionDeleteDialog
        item={dialog.kind === 'delete' ? dialog.item : null}
        title={t('templates.items.deleteTitle')}
        question={translate({ key: 'confirm.deleteItem' })}
        cancelLabel={t('templates.delete.cancel')}
        confirmLabel={t('templates.delete.confirm')}
        onClose={() => setDialog({ kind: 'none' })}
        onConfirm={(item) => void confirmDelete(item)}
      />
    </PageLayout>
  );
}
