import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import {
  configSegmentOrDefault,
  CREATE_FINDING,
  DELETE_FINDING,
  EVALUATE_AUDIT_ITEM,
  gradeVdaAudit,
  nonDocumentingFindingTypes,
  REACTIVATE_FINDING,
  REMOVE_FINDING_MEDIA,
  vdaRuleSetOf,
  type DomainMessage,
  type FindingType,
} from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';
import { Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { lazyComponent } from '../../../app/chunk-load';
import { onFirstIntent } from '../../../lib/dom/first-intent';
import { useNavigate, useSearchParams } from 'react-router';
import type { ListGroupHeaderContext } from '../../../components/list/list-types';
import { useTranslation } from 'react-i18next';
import { GroupedList } from '../../../components/list/grouped-list';
import { useSnackbar } from '../../../components/snackbar/snackbar-provider';
import { useConfigSegment } from '../../../lib/config/use-config-segment';
import { useListConfig } from '../../../lib/config/use-list-config';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { useLanguage } from '../../../lib/i18n/use-language';
import { usePerson } from '../../../lib/session/session-provider';
import { randomId } from '../../../lib/sync/random-id';
import { useCommand } from '../../../lib/sync/use-command';
import { useOfflineFiles } from '../../../lib/sync/sync-context';
import { personLabel, usePeople } from '../../people/use-people';
import { useDocument } from '../../../lib/sync/use-document';
import { findingTypeLabel, importanceLabel, searchTextOf } from '../preparation/preparation-rows';
import { usePreparationConfig } from '../preparation/use-preparation-config';
import { useItemListView } from '../preparation/use-item-list-view';
import { executionAccess } from './execution-access';
import {
  executionRowsSx,
  ExecutionRowView,
  type ExecutionRowActions,
  type ExecutionRowLabels,
} from './execution-row-view';
import {
  createExecutionRowCache,
  findingTypeColor,
  stateTypes,
  type ExecutionFinding,
  type ExecutionRow,
} from './execution-rows';
import { findingsSavedBurst, uploadedBurst, uploadsFailedBurst } from './snackbar-bursts';
import {
  VdaLevelBadge,
  VdaLevelsSummary,
  vdaRowsSx,
  VdaStepSwitcher,
  VdaSubElementBadges,
  type VdaLabels,
  type VdaRowView,
} from './vda-evaluation';
import {
  createVdaItemCache,
  createVdaRowCache,
  evaluateArgs,
  isVdaAuditData,
  selectedStep,
  vdaEditionOf,
  vdaElementOfCategory,
  vdaLevelsOf,
  vdaSetupOf,
  vdaTapAction,
  type VdaChoice,
  type VdaRowModel,
} from './vda-evaluation-model';
import { useVdaFollowUps, VdaFollowUpList } from './vda-follow-up';
import { attachMedia } from './media/attach-media';
import { cameraPath, REVEAL_ITEM_PARAM } from './media/camera-target';
import type { FindingMediaActions } from './media/finding-media-section';
import { FileUploadsContext, useFileUploads, type FileUpload } from './media/media-files';
import { AllowedFileTypes } from './media/media-strip';
import { auditProgress } from '../answer-items';
import { AnswerProgress } from '../answer-progress';
import { useAuditWithItems } from '../use-audit-items';

/**
 * The finding dialog (with its pickers and the media section) and the photo viewer are chunks of
 * their own: the tab's first load carried them for every visit (issue 40: the execution tab was
 * the heaviest first screen). The finding dialog, the tab's main action, is fetched once the tab
 * has painted, so a tap on a question still opens it at once.
 */
const loadFindingDialog = () => import('./finding-dialog');
const FindingDialog = lazyComponent(loadFindingDialog, (m) => m.FindingDialog, {
  firstScreen: true,
});
const MediaViewer = lazyComponent(
  () => import('./media/media-viewer'),
  (m) => m.MediaViewer,
  { firstScreen: true },
);

/**
 * The confirmations (delete a finding, discard findings for a one-touch answer) and the VDA
 * question's n.e. reason: loaded when asked for, as they bring MUI's dialog and text field,
 * which the finding dialog's chunk loads after the first paint anyway (issue 40).
 */
const DeleteFindingDialog = lazyComponent(
  () => import('./delete-finding-dialog'),
  (m) => m.DeleteFindingDialog,
);
const DiscardFindingsDialog = lazyComponent(
  () => import('./discard-findings-dialog'),
  (m) => m.DiscardFindingsDialog,
);
const VdaReasonDialog = lazyComponent(
  () => import('./vda-reason-dialog'),
  (m) => m.VdaReasonDialog,
);

/** The measure dialog, loaded when a measure is first created here (issue 12). */
const MeasureDialog = lazyComponent(
  () => import('../../measures/measure-dialog'),
  (m) => m.MeasureDialog,
);

type DialogState =
  | { kind: 'none' }
  | {
      kind: 'finding';
      row: ExecutionRow;
      finding?: ExecutionFinding;
      initialType?: string;
      readOnly?: boolean;
      key: number;
    }
  | { kind: 'delete'; row: ExecutionRow; finding: ExecutionFinding }
  | { kind: 'measure'; row: ExecutionRow; finding: ExecutionFinding }
  | { kind: 'quick'; row: ExecutionRow; type: FindingType }
  | { kind: 'media'; rowId: string; findingId: string; index: number }
  /** VDA: the reason of an n.e. */
  | { kind: 'reason'; model: VdaRowModel; key: string }
  /** VDA: points below the best ask for the finding first; `evaluate` runs once it is saved. */
  | {
      kind: 'vdaFinding';
      itemId: string;
      hint: string;
      evaluate: JsonObject;
      initialType?: string;
      key: number;
    };

/** Whether this browser can show a camera at all (a desktop without one still may). */
const cameraSupported = () =>
  typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/** The `?step=` of the URL: the process step the P6 questions are evaluated for. */
const STEP_PARAM = 'step';

/** The execution rows' look plus the VDA point buttons' (a VDA audit only). */
const vdaExecutionRowsSx = [executionRowsSx, { '& .exec-row': vdaRowsSx }] as SxProps<Theme>;

/** How long (in tenths of a second) the tab waits for the row to reveal: a slow tablet's load. */
const REVEAL_TRIES = 100;

/** The messages of a finding's save, counted together when answers come in a row. */
const SAVED_FINDING = new Set(['finding.created', 'finding.updated']);

const getId = (row: ExecutionRow) => row.id;
const getSyncState = (row: ExecutionRow) => row.state;

/**
 * /audit/:auditId/auditexecution (SPEC section 2 "Audit screen", issue 11.2): the audit's
 * questions with their findings inline, on the generic grouped list (list key 'audititems', its
 * facets answered and finding importance), and the progress at the top. Every write is a finding
 * command run on this device at once, so the tab works the same offline.
 */
export function ExecutionTab({ auditId }: { auditId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const person = usePerson();
  const titleId = useId();
  const { audit, auditLoading, documents, itemsLoading } = useAuditWithItems(auditId);
  // The finding dialog's chunk (see loadFindingDialog) at the first touch, pointer or key once
  // the questions are there: fetched and run during the load, it was a tenth of the tab's first
  // load and a long task on a slow phone (issue 40); a finger on the screen comes well before
  // its tap has opened anything.
  const loaded = !auditLoading && !itemsLoading;
  useEffect(() => {
    if (!loaded) return;
    return onFirstIntent(() => void loadFindingDialog().catch(() => undefined));
  }, [loaded]);
  const findingSegment = useDocument('configuration', 'finding').document?.data;
  const customFields = useMemo(
    () => configSegmentOrDefault('finding', findingSegment).customFields,
    [findingSegment],
  );
  const listConfig = useListConfig('audititems');
  const config = usePreparationConfig();
  const types = config.findingTypes;
  const importances = config.audititem.importances;
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const navigate = useNavigate();
  const files = useOfflineFiles();
  const appConfig = useConfigSegment('app');
  const { byId: people } = usePeople();
  const [attaching, setAttaching] = useState(0);

  // Issue 11.5: each upload's end is told, for the files of this audit kept on this device.
  const uploadChanged = useCallback(
    (_fileId: string, upload: FileUpload) => {
      if (upload.state === 'uploaded') {
        show({
          type: 'success',
          message: t('files.uploaded', { name: upload.name }),
          burst: uploadedBurst(t, upload.name),
        });
      } else if (upload.state === 'failed') {
        show({
          type: 'error',
          message: t('files.uploadFailed', { name: upload.name }),
          burst: uploadsFailedBurst(t),
        });
      }
    },
    [show, t],
  );
  const uploads = useFileUploads(auditId, uploadChanged);

  const [toRows] = useState(createExecutionRowCache);
  const rows = useMemo(() => toRows(documents), [toRows, documents]);
  const access = useMemo(() => executionAccess(audit?.data, person), [audit, person]);
  const quickTypes = useMemo(() => stateTypes(types), [types]);

  // ---- VDA 6.3 (issue 19.4): point buttons per question, the levels at the element headings.
  const vdaAudit = isVdaAuditData(audit?.data);
  const vdaSetupJson = JSON.stringify(audit?.data.vda ?? null);
  const vdaSetup = useMemo(
    () => vdaSetupOf({ vda: JSON.parse(vdaSetupJson) as JsonValue }),
    [vdaSetupJson],
  );
  const vdaEdition = vdaEditionOf(audit?.data);
  const rules = vdaRuleSetOf(vdaEdition);
  const best = rules.points[0] ?? 10;
  const nonDocumenting = useMemo(() => nonDocumentingFindingTypes(types), [types]);
  const [toVdaItems] = useState(createVdaItemCache);
  const vdaItems = useMemo(
    () => (vdaAudit ? toVdaItems(documents) : []),
    [vdaAudit, toVdaItems, documents],
  );
  // Graded once per change of an item, not per row: 110 questions stay well under a frame.
  const levels = useMemo(
    () =>
      vdaAudit
        ? vdaLevelsOf(
            gradeVdaAudit({
              items: vdaItems,
              setup: vdaSetup,
              edition: vdaEdition,
              nonDocumentingTypes: nonDocumenting,
            }),
          )
        : null,
    [vdaAudit, vdaItems, vdaSetup, vdaEdition, nonDocumenting],
  );
  const vdaContext = useMemo(
    () => ({ setup: vdaSetup, rules, nonDocumentingTypes: nonDocumenting }),
    [vdaSetup, rules, nonDocumenting],
  );
  const [toVdaRows] = useState(createVdaRowCache);
  const vdaRows = useMemo(
    () => (vdaAudit ? toVdaRows(vdaItems, vdaContext) : null),
    [vdaAudit, toVdaRows, vdaItems, vdaContext],
  );
  // Over every question, those deactivated in preparation included: the reporting tab counts
  // the same ones (answered as "not applicable").
  const progress = useMemo(() => auditProgress(documents, audit?.data), [documents, audit]);
  const [params, setParams] = useSearchParams();
  const step = selectedStep(vdaSetup, params.get(STEP_PARAM));
  // Follow-up of the supplier's last VDA audit: its measures not yet effective (issue 19.6).
  const followUps = useVdaFollowUps(vdaAudit ? audit?.data : undefined, auditId, vdaItems);
  const setStep = useCallback(
    (id: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(STEP_PARAM, id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  // Back from /camera (issue 34): the question the photo was for, on screen and focused. Its row
  // shows once the list has turned to its page and rendered it; the parameter then goes, so a
  // reload starts as usual.
  const revealId = params.get(REVEAL_ITEM_PARAM);
  useEffect(() => {
    if (!revealId) return;
    let tries = 0;
    const timer = setInterval(() => {
      const row = document.querySelector<HTMLElement>(
        `[data-testid="exec-row-${CSS.escape(revealId)}"]`,
      );
      tries += 1;
      if (!row && tries < REVEAL_TRIES) return;
      clearInterval(timer);
      if (row) {
        row.tabIndex = -1;
        row.scrollIntoView({ block: 'center' });
        row.focus({ preventScroll: true });
      }
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(REVEAL_ITEM_PARAM);
          return next;
        },
        { replace: true },
      );
    }, 100);
    return () => clearInterval(timer);
  }, [revealId, setParams]);
  const subElementName = useCallback(
    (id: string) => rules.subElements.find((entry) => entry.id === id)?.label[language] ?? id,
    [rules, language],
  );

  // ---- What the list needs, stable across renders.
  // The "answered" facet means what the progress means (issue 34.2).
  const vdaAnswers = useMemo(
    () => (vdaAudit ? { setup: vdaSetup, edition: vdaEdition } : null),
    [vdaAudit, vdaSetup, vdaEdition],
  );
  const { fields, comparators, formatValue } = useItemListView(rows, config, undefined, vdaAnswers);

  const labels = useMemo<ExecutionRowLabels>(
    () => ({
      number: t('preparation.number'),
      hint: t('preparation.hint'),
      notApplicable: t('execution.notApplicable'),
      completed: t('preparation.completed'),
      typeName: (id) => findingTypeLabel(id, types, language),
      typeColor: (id) => findingTypeColor(id, types),
      importance: (id) => importanceLabel(id, importances, language),
      importanceColor: (id) => importances.find((entry) => entry.id === id)?.color,
      addFinding: (no) =>
        no === '' ? t('execution.addFinding') : t('execution.addFindingTo', { no }),
      quick: (type, no) =>
        t('execution.quickFor', { answer: findingTypeLabel(type.id, types, language), no }),
      quickShort: (type) => findingTypeLabel(type.id, types, language),
      reactivate: (no) =>
        no === '' ? t('execution.reactivate') : t('execution.reactivateNo', { no }),
      editFinding: (type) => t('execution.openFinding', { type }),
      deleteFinding: (type) => t('execution.deleteFinding', { type }),
      createMeasure: (count) =>
        count === 0 ? t('execution.createMeasure') : t('execution.createMeasureMore', { count }),
      media: (count) => t('execution.media', { count }),
      position: t('execution.positionRecorded'),
      mediaStrip: {
        takePhoto: t('media.takePhoto'),
        attachFile: t('media.attach'),
        describe: (name, state, percent) =>
          percent !== null
            ? t('media.describeSending', { name, percent })
            : state === 'waiting'
              ? t('media.describeWaiting', { name })
              : state === 'failed'
                ? t('media.describeFailed', { name })
                : t('media.describe', { name }),
      },
    }),
    [t, types, importances, language],
  );

  const run = useCallback(
    async (name: string, args: JsonObject) => {
      try {
        const { local } = await runCommand(name, args);
        if (!local.ok) show({ type: 'error', message: translate(local.error.message) });
        else if (local.message) {
          show({
            type: 'success',
            message: translate(local.message),
            ...(SAVED_FINDING.has(local.message.key) ? { burst: findingsSavedBurst(t) } : {}),
          });
        }
      } catch {
        show({ type: 'error', message: t('execution.commandFailed') });
      }
    },
    [runCommand, show, translate, t],
  );

  const vdaLabels = useMemo<VdaLabels>(
    () => ({
      points: (points) => t('execution.vda.pointsName', { points }),
      notEvaluated: t('execution.vda.notEvaluated'),
      notEvaluatedName: t('execution.vda.notEvaluatedName'),
      group: (no, key) =>
        key === '' ? t('execution.vda.group', { no }) : t('execution.vda.groupFor', { no, key }),
      product: t('execution.vda.product'),
      process: t('execution.vda.process'),
      reason: (reason) => t('execution.vda.reasonShown', { reason }),
      specialRisk: t('execution.vda.specialRisk'),
      allSteps: t('execution.vda.allSteps'),
    }),
    [t],
  );

  // A finding of the first type that documents a score and leaves the question open.
  const documentingType = useMemo(
    () => types.find((type) => !nonDocumenting.has(type.id) && type.auditItemState === null)?.id,
    [types, nonDocumenting],
  );

  const vdaView = useMemo<VdaRowView>(
    () => ({
      labels: vdaLabels,
      scale: rules.points,
      onTap: access.create
        ? (model: VdaRowModel, key: string, choice: VdaChoice) => {
            const action = vdaTapAction(model, key, choice, best);
            const name = EVALUATE_AUDIT_ITEM;
            if (action.kind === 'clear') {
              void run(name, evaluateArgs(auditId, model.itemId, key, null));
            } else if (action.kind === 'evaluate') {
              void run(name, evaluateArgs(auditId, model.itemId, key, { points: action.points }));
            } else if (action.kind === 'reason') {
              setDialog({ kind: 'reason', model, key });
            } else {
              // Below the best without a documenting finding: the finding first, then the points.
              setDialog({
                kind: 'vdaFinding',
                itemId: model.itemId,
                hint: t('execution.vda.findingHint', { best }),
                evaluate: evaluateArgs(auditId, model.itemId, key, { points: action.points }),
                initialType: documentingType,
                key: Date.now(),
              });
            }
          }
        : undefined,
    }),
    [vdaLabels, rules, access.create, best, run, auditId, t, documentingType],
  );

  const submitReason = useCallback(
    async (model: VdaRowModel, key: string, reason: string): Promise<DomainMessage | null> => {
      try {
        const { local } = await runCommand(
          EVALUATE_AUDIT_ITEM,
          evaluateArgs(auditId, model.itemId, key, { points: null, reason }),
        );
        if (!local.ok) return local.error.message;
        setDialog({ kind: 'none' });
        return null;
      } catch {
        show({ type: 'error', message: t('execution.commandFailed') });
        return null;
      }
    },
    [runCommand, auditId, show, t],
  );

  const renderVdaGroupHeader = useCallback(
    ({ group, title, shortTitle }: ListGroupHeaderContext<ExecutionRow>) => {
      if (!levels) return undefined;
      // Only a group of one category is an element (not one of importance or chapter).
      const element =
        group.value !== null && group.items.every((row) => row.question.category_id === group.value)
          ? vdaElementOfCategory(group.value, rules)
          : null;
      return (
        <Box
          component="span"
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1,
          }}
        >
          <Box
            component="span"
            title={shortTitle === title ? undefined : title}
            sx={{ flex: '1 1 12rem', fontWeight: 500 }}
          >
            {shortTitle}
          </Box>
          {element && (
            <Box
              component="span"
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
              data-testid={`vda-heading-${element}`}
            >
              <VdaLevelBadge
                name={`E_${element}`}
                level={levels.elements.get(element)}
                testId={`vda-heading-level-${element}`}
              />
              {element === rules.processStepElement && step !== null && (
                <VdaLevelBadge
                  name={t('execution.vda.stepLevel', {
                    step: vdaSetup?.processSteps.find((entry) => entry.id === step)?.name ?? step,
                  })}
                  level={levels.steps.get(step)}
                  testId="vda-heading-step-level"
                />
              )}
              {element === rules.processStepElement && (
                <VdaSubElementBadges levels={levels} subElementName={subElementName} />
              )}
            </Box>
          )}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('list.entries', { count: group.items.length })}
          </Box>
        </Box>
      );
    },
    [levels, rules, step, vdaSetup, subElementName, t],
  );

  const answerWith = useCallback(
    (row: ExecutionRow, type: FindingType, confirmDiscard = false) =>
      run(CREATE_FINDING, {
        auditId,
        itemId: row.id,
        finding: { id: randomId(), importance: type.id },
        language,
        ...(confirmDiscard ? { confirmDiscard } : {}),
      }),
    [run, auditId, language],
  );

  const attachFiles = useCallback(
    async (row: ExecutionRow, finding: ExecutionFinding, chosen: File[]) => {
      if (!files || !person) return;
      setAttaching((count) => count + 1);
      try {
        for (const file of chosen) {
          const result = await attachMedia(
            {
              files,
              runCommand,
              personId: person.id,
              imageMaxEdge: appConfig.attachments.imageMaxEdge,
              allowedExtensions: appConfig.attachments.allowedExtensions,
            },
            { auditId, itemId: row.id, findingId: finding.id },
            { file },
          );
          if (!result.ok) {
            show({
              type: 'error',
              message: t('media.rejected', {
                name: result.name || file.name,
                reason: translate(result.message),
              }),
            });
          }
        }
      } catch (error) {
        console.error('attaching a file failed', error);
        show({ type: 'error', message: t('media.attachFailed') });
      } finally {
        setAttaching((count) => count - 1);
      }
    },
    [files, person, runCommand, appConfig, auditId, show, t, translate],
  );

  const actions = useMemo<ExecutionRowActions>(
    () => ({
      add: access.create
        ? (row) => setDialog({ kind: 'finding', row, key: Date.now() })
        : undefined,
      quick: access.create
        ? (row, type) => {
            if (row.findings.length > 0) setDialog({ kind: 'quick', row, type });
            else void answerWith(row, type);
          }
        : undefined,
      edit: access.update
        ? (row, finding) => setDialog({ kind: 'finding', row, finding, key: Date.now() })
        : undefined,
      view: (row, finding) =>
        setDialog({ kind: 'finding', row, finding, readOnly: true, key: Date.now() }),
      remove: access.remove
        ? (row, finding) => setDialog({ kind: 'delete', row, finding })
        : undefined,
      createMeasure: access.measure
        ? (row, finding) => setDialog({ kind: 'measure', row, finding })
        : undefined,
      reactivate: access.update
        ? (row) => {
            const closing = row.findings.find((finding) =>
              quickTypes.some((type) => type.id === finding.importance),
            );
            void run(REACTIVATE_FINDING, {
              auditId,
              itemId: row.id,
              ...(closing ? { findingId: closing.id } : {}),
            });
          }
        : undefined,
      // Photos and files work offline too: kept on the device, uploaded when online.
      camera:
        access.update && files && cameraSupported()
          ? (row, finding) =>
              void navigate(cameraPath({ auditId, itemId: row.id, findingId: finding.id }))
          : undefined,
      attach:
        access.update && files
          ? (row, finding, chosen) => void attachFiles(row, finding, chosen)
          : undefined,
      openMedia: (row, finding, index) =>
        setDialog({ kind: 'media', rowId: row.id, findingId: finding.id, index }),
    }),
    [access, answerWith, run, auditId, quickTypes, files, navigate, attachFiles],
  );

  const viewing =
    dialog.kind === 'media'
      ? rows
          .find((row) => row.id === dialog.rowId)
          ?.findings.find((finding) => finding.id === dialog.findingId)
      : undefined;
  const closeDialog = useCallback(() => setDialog({ kind: 'none' }), []);
  const personName = useCallback((id: string) => personLabel(people, id, t), [people, t]);
  // The finding dialog shows and manages the finding's photos with the row's own actions.
  const findingMedia = useCallback(
    (row: ExecutionRow, finding: ExecutionFinding): FindingMediaActions => ({
      labels: labels.mediaStrip,
      personName,
      onAttach: actions.attach && ((chosen) => actions.attach?.(row, finding, chosen)),
      onCamera: actions.camera && (() => actions.camera?.(row, finding)),
      onDelete: access.update
        ? (media) =>
            void run(REMOVE_FINDING_MEDIA, {
              auditId,
              itemId: row.id,
              findingId: finding.id,
              mediaId: media.id,
            })
        : undefined,
    }),
    [labels, personName, actions, access.update, run, auditId],
  );

  const renderRow = useCallback(
    (row: ExecutionRow) => {
      const vda = vdaRows?.get(row.id);
      return (
        <ExecutionRowView
          row={row}
          labels={labels}
          actions={actions}
          quickTypes={quickTypes}
          vda={vda}
          vdaStep={vda?.perStep ? step : undefined}
          vdaView={vda ? vdaView : undefined}
          followUp={followUps?.byItem.get(row.id)}
          followUpOf={followUps?.earlier}
        />
      );
    },
    [labels, actions, quickTypes, vdaRows, step, vdaView, followUps],
  );
  const vdaFindingRow =
    dialog.kind === 'vdaFinding' ? rows.find((row) => row.id === dialog.itemId) : undefined;

  const readOnlyText =
    access.readOnlyReason === 'protected'
      ? t('execution.readOnly.protected')
      : access.readOnlyReason === 'notInTeam'
        ? t('execution.readOnly.notInTeam')
        : null;

  return (
    <section aria-labelledby={titleId} data-testid="execution-tab">
      <Typography id={titleId} variant="h5" component="h2" gutterBottom>
        {t('audit.phases.execution')}
      </Typography>
      {readOnlyText && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="execution-read-only">
          {readOnlyText}
        </Alert>
      )}
      <AnswerProgress
        answered={progress.answered}
        total={progress.total}
        percent={progress.percent}
        testId="execution-progress"
        sx={{ mb: 2 }}
      />
      {levels && <VdaLevelsSummary levels={levels} subElementName={subElementName} />}
      {followUps && (
        <VdaFollowUpList
          measures={followUps.unmatched}
          earlier={followUps.earlier}
          testId="vda-follow-up-unmatched"
          heading={t('execution.vdaFollowUp.unmatchedHeading', { name: followUps.earlier.name })}
        />
      )}
      {levels && vdaSetup && levels.steps.size > 0 && (
        <VdaStepSwitcher
          steps={vdaSetup.processSteps}
          step={step}
          onChange={setStep}
          level={step === null ? undefined : levels.steps.get(step)}
        />
      )}
      {attaching > 0 && (
        <LinearProgress
          aria-label={t('media.attaching')}
          sx={{ mb: 1 }}
          data-testid="media-attaching"
        />
      )}
      <FileUploadsContext.Provider value={uploads}>
        <AllowedFileTypes.Provider value={appConfig.attachments.allowedExtensions}>
          <GroupedList
            key={vdaAudit ? 'vda' : 'plain'}
            defaultView={vdaAudit ? 'group' : undefined}
            renderGroupHeader={vdaAudit ? renderVdaGroupHeader : undefined}
            items={rows}
            getId={getId}
            config={listConfig}
            fields={fields}
            comparators={comparators}
            getSearchText={searchTextOf}
            formatValue={formatValue}
            renderRow={renderRow}
            rowsSx={vdaAudit ? vdaExecutionRowsSx : executionRowsSx}
            getSyncState={getSyncState}
            loading={auditLoading || itemsLoading}
            label={t('execution.listLabel')}
            emptyText={t('execution.empty')}
            groupHeadingLevel={3}
            revealId={revealId}
          />
          {dialog.kind === 'media' && viewing && (
            <Suspense fallback={null}>
              <MediaViewer
                media={viewing.media}
                initialIndex={dialog.index}
                personName={personName}
                onClose={closeDialog}
                onDelete={
                  access.update
                    ? (media) =>
                        void run(REMOVE_FINDING_MEDIA, {
                          auditId,
                          itemId: dialog.rowId,
                          findingId: dialog.findingId,
                          mediaId: media.id,
                        })
                    : undefined
                }
              />
            </Suspense>
          )}
        </AllowedFileTypes.Provider>
      </FileUploadsContext.Provider>
      {dialog.kind === 'finding' && (
        <FileUploadsContext.Provider value={uploads}>
          <AllowedFileTypes.Provider value={appConfig.attachments.allowedExtensions}>
            <Suspense fallback={null}>
              <FindingDialog
                key={dialog.key}
                auditId={auditId}
                row={rows.find((row) => row.id === dialog.row.id) ?? dialog.row}
                finding={dialog.finding}
                media={
                  dialog.finding
                    ? findingMedia(
                        rows.find((row) => row.id === dialog.row.id) ?? dialog.row,
                        dialog.finding,
                      )
                    : undefined
                }
                initialType={dialog.initialType}
                types={types}
                customFields={customFields}
                readOnly={dialog.readOnly}
                onClose={() => setDialog({ kind: 'none' })}
              />
            </Suspense>
          </AllowedFileTypes.Provider>
        </FileUploadsContext.Provider>
      )}
      {dialog.kind === 'vdaFinding' && vdaFindingRow && (
        <Suspense fallback={null}>
          <FindingDialog
            key={dialog.key}
            auditId={auditId}
            row={vdaFindingRow}
            initialType={dialog.initialType}
            types={types}
            customFields={customFields}
            hint={dialog.hint}
            onSaved={() => void run(EVALUATE_AUDIT_ITEM, dialog.evaluate)}
            onClose={closeDialog}
          />
        </Suspense>
      )}
      {dialog.kind === 'reason' && (
        <Suspense fallback={null}>
          <VdaReasonDialog
            question={vdaQuestionLabel(dialog.model, dialog.key, vdaLabels)}
            onCancel={closeDialog}
            onSubmit={(reason) => submitReason(dialog.model, dialog.key, reason)}
          />
        </Suspense>
      )}
      {dialog.kind === 'measure' && (
        <Suspense fallback={null}>
          <MeasureDialog
            links={{
              auditId,
              itemId: dialog.row.id,
              findingId: dialog.finding.id,
              // A finding without text is named by its type (decision 70).
              findingText:
                dialog.finding.text || findingTypeLabel(dialog.finding.importance, types, language),
            }}
            onClose={closeDialog}
          />
        </Suspense>
      )}
      {dialog.kind === 'quick' && (
        <Suspense fallback={null}>
          <DiscardFindingsDialog
            onCancel={() => setDialog({ kind: 'none' })}
            onConfirm={() => {
              setDialog({ kind: 'none' });
              void answerWith(dialog.row, dialog.type, true);
            }}
          />
        </Suspense>
      )}
      {dialog.kind === 'delete' && (
        <Suspense fallback={null}>
          <DeleteFindingDialog
            finding={[
              findingTypeLabel(dialog.finding.importance, types, language),
              dialog.finding.text,
            ]
              .filter(Boolean)
              .join(': ')}
            onCancel={closeDialog}
            onConfirm={() => {
              setDialog({ kind: 'none' });
              void run(DELETE_FINDING, {
                auditId,
                itemId: dialog.row.id,
                findingId: dialog.finding.id,
              });
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

/** "6.2.3*, Stanzen": the question a reason is asked for. */
function vdaQuestionLabel(model: VdaRowModel, key: string, labels: VdaLabels): string {
  const no = `${model.no || '–'}${model.specialRisk ? '*' : ''}`;
  const state = model.keys.find((entry) => entry.key === key);
  const part =
    state?.kind === 'step'
      ? (state.stepName ?? key)
      : state?.kind === 'product'
        ? labels.product
        : state?.kind === 'process'
          ? labels.process
          : '';
  return part ? `${no}, ${part}` : no;
}
