import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  deactivateAuditItemCommand,
  deleteAuditItemCommand,
  isVdaAudit,
  questionCategories,
  reactivateAuditItemCommand,
  standardIdsOf,
  type DomainMessage,
} from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListMenuAction } from '../../../components/list/list-types';
import { useSnackbar } from '../../../components/snackbar/snackbar-provider';
import { useListConfig } from '../../../lib/config/use-list-config';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { usePerson } from '../../../lib/session/session-provider';
import { useCommand } from '../../../lib/sync/use-command';
import { useQuery } from '../../../lib/sync/use-query';
import { AuditItemImportDialog } from './audit-item-import-dialog';
import { AuditQuestionDialog } from './audit-question-dialog';
import { CopyItemsDialog } from './copy-items-dialog';
import { lastAuditCandidates, lastAuditWithItems } from './last-audit-model';
import { preparationAccess } from './preparation-access';
import type { RowActions } from './preparation-row-view';
import { createRowCache, nextQuestionNumber, type PreparationRow } from './preparation-rows';
import { QuestionDeleteDialog, QuestionListView } from './question-list-view';
import {
  auditStandardIds,
  useAuditStandards,
  usePreparationConfig,
} from './use-preparation-config';
import { useAuditWithItems } from '../use-audit-items';
import { TemplateSelectionDialog } from './template-selection-dialog';

type DialogState =
  | { kind: 'none' }
  | { kind: 'question'; item?: PreparationRow; key: number }
  | { kind: 'import'; key: number }
  | { kind: 'useTemplate'; key: number }
  | { kind: 'copyItems'; key: number }
  | { kind: 'delete'; item: PreparationRow };

const stringList = (value: JsonValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
const ALL_AUDITS = { collection: AUDITS_COLLECTION, filters: [] };

/**
 * /audit/:auditId/auditpreparation (SPEC section 2 "Audit screen"): the audit's questions in the
 * generic grouped list (list key 'audititems'), with create, edit, delete, deactivate and
 * reactivate, the CSV import and, once templates exist, "use template".
 */
export function PreparationTab({ auditId }: { auditId: string }) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const person = usePerson();
  const titleId = useId();
  const { audit, auditLoading, documents, itemsLoading } = useAuditWithItems(auditId);
  const listConfig = useListConfig('audititems');
  const config = usePreparationConfig();
  const auditData = audit?.data;
  const standardIds = useMemo(() => auditStandardIds(auditData?.standard), [auditData]);
  const { standards, chapters } = useAuditStandards(standardIds);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [lastTemplateId, setLastTemplateId] = useState<string | null>(null);

  // Rows keep their identity while their document is unchanged (see createRowCache).
  const [toRows] = useState(createRowCache);
  const rows = useMemo(() => toRows(documents), [toRows, documents]);
  const access = useMemo(() => preparationAccess(auditData, person), [auditData, person]);
  // What the copies send and map chapters onto: the audit's standards as the command reads them.
  const copyStandardIds = useMemo(() => standardIdsOf(auditData?.standard), [auditData]);

  // "Copy from the last audit of this scope": the earlier audits of the same standard and scope
  // (looked at only by who may add questions) and, of those, the newest with questions.
  const { documents: audits } = useQuery(access.create ? ALL_AUDITS : null);
  const candidates = useMemo(() => lastAuditCandidates(audit, audits), [audit, audits]);
  const { documents: candidateItems } = useQuery(
    candidates.length > 0
      ? {
          collection: AUDIT_ITEMS_COLLECTION,
          filters: [{ path: ['auditId'], op: 'in', value: candidates }],
        }
      : null,
  );
  const lastAudit = useMemo(
    () => lastAuditWithItems(candidates, audits, candidateItems),
    [candidates, audits, candidateItems],
  );

  const importances = config.audititem.importances;

  // ---- Row actions: commands run on this device at once; rejections by the server are shown
  // by the SyncProvider's snackbar.
  const runItemCommand = useCallback(
    async (name: string, id: string, success?: DomainMessage) => {
      try {
        const { local } = await runCommand(name, { auditId, id });
        if (!local.ok) show({ type: 'error', message: translate(local.error.message) });
        else if (success) show({ type: 'success', message: translate(success) });
      } catch {
        show({ type: 'error', message: t('preparation.commandFailed') });
      }
    },
    [runCommand, auditId, show, translate, t],
  );
  const actions = useMemo<RowActions>(
    () => ({
      edit: access.update
        ? (row) => setDialog({ kind: 'question', item: row, key: Date.now() })
        : undefined,
      toggleActive: access.update
        ? (row) =>
            void runItemCommand(
              row.itemState === null
                ? deactivateAuditItemCommand.name
                : reactivateAuditItemCommand.name,
              row.id,
            )
        : undefined,
      remove: access.remove ? (row) => setDialog({ kind: 'delete', item: row }) : undefined,
    }),
    [access.update, access.remove, runItemCommand],
  );
  const moreActions = useMemo<ListMenuAction[]>(
    () => [
      {
        id: 'import',
        label: t('preparation.importItems'),
        onClick: () => setDialog({ kind: 'import', key: Date.now() }),
        disabled: !access.import,
      },
      // SPEC section 2: "use template" opens the item selection dialog.
      {
        id: 'useTemplate',
        label: t('preparation.useTemplate'),
        onClick: () => setDialog({ kind: 'useTemplate', key: Date.now() }),
        disabled: !access.create,
        testId: 'use-template',
      },
      // Issue 14.7: the label says why it is off when no earlier audit has questions.
      {
        id: 'copyItems',
        label: lastAudit ? t('preparation.copyItems') : t('preparation.copyItemsNone'),
        onClick: () => setDialog({ kind: 'copyItems', key: Date.now() }),
        disabled: !access.create || !lastAudit,
        testId: 'copy-items',
      },
    ],
    [t, access.import, access.create, lastAudit],
  );

  const confirmDelete = async (item: PreparationRow) => {
    setDialog({ kind: 'none' });
    await runItemCommand(deleteAuditItemCommand.name, item.id, { key: 'auditItem.deleted' });
  };

  const readOnlyText =
    access.readOnlyReason === 'protected'
      ? t('preparation.readOnly.protected')
      : access.readOnlyReason === 'notInTeam'
        ? t('preparation.readOnly.notInTeam')
        : null;

  return (
    <section aria-labelledby={titleId} data-testid="preparation-tab">
      <Typography id={titleId} variant="h5" component="h2" gutterBottom>
        {t('audit.phases.preparation')}
      </Typography>
      {readOnlyText && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="preparation-read-only">
          {readOnlyText}
        </Alert>
      )}
      <QuestionListView
        rows={rows}
        listConfig={listConfig}
        config={config}
        chapters={chapters}
        actions={actions}
        loading={auditLoading || itemsLoading}
        label={t('preparation.listLabel')}
        emptyText={t('preparation.empty')}
        createLabel={access.create ? t('preparation.newQuestion') : undefined}
        onCreate={() => setDialog({ kind: 'question', key: Date.now() })}
        moreActions={moreActions}
      />
      {dialog.kind === 'question' && (
        <AuditQuestionDialog
          key={dialog.key}
          auditId={auditId}
          item={dialog.item}
          nextNumber={nextQuestionNumber(rows)}
          auditingDates={stringList(auditData?.auditing_date)}
          auditProcesses={stringList(auditData?.process)}
          categories={questionCategories(config.categories, isVdaAudit(auditData))}
          importances={importances}
          chapters={chapters}
          onClose={() => setDialog({ kind: 'none' })}
        />
      )}
      {dialog.kind === 'import' && (
        <AuditItemImportDialog
          key={dialog.key}
          auditId={auditId}
          standard={standards[0]}
          categories={questionCategories(config.categories, isVdaAudit(auditData))}
          audititem={config.audititem}
          onClose={() => setDialog({ kind: 'none' })}
        />
      )}
      {dialog.kind === 'useTemplate' && (
        <TemplateSelectionDialog
          key={dialog.key}
          auditId={auditId}
          auditItemIds={itemsLoading ? undefined : documents.map((doc) => doc.id)}
          standardIds={copyStandardIds}
          targets={standards}
          config={config}
          initialTemplateId={lastTemplateId}
          onTemplateChosen={setLastTemplateId}
          onClose={() => setDialog({ kind: 'none' })}
        />
      )}
      {dialog.kind === 'copyItems' && lastAudit && (
        <CopyItemsDialog
          key={dialog.key}
          auditId={auditId}
          source={lastAudit}
          standardIds={copyStandardIds}
          onClose={() => setDialog({ kind: 'none' })}
        />
      )}
      <QuestionDeleteDialog
        item={dialog.kind === 'delete' ? dialog.item : null}
        title={t('preparation.delete.title')}
        question={translate({ key: 'confirm.deleteAuditItem' })}
        cancelLabel={t('preparation.delete.cancel')}
        confirmLabel={t('preparation.delete.confirm')}
        onClose={() => setDialog({ kind: 'none' })}
        onConfirm={(item) => void confirmDelete(item)}
      />
    </section>
  );
}
