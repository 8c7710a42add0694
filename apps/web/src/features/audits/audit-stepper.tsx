import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepContent from '@mui/material/StepContent';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import {
  AUDIT_STATUS_NUMBERING,
  AUDIT_STEPPER_STEPS,
  RULES_MESSAGES,
  auditStepperContinue,
  CHANGE_AUDIT_STATUS,
  COMPLETE_AUDIT,
  formatMessage,
  MAX_DOCUMENTS_PER_COMMAND,
  type AuditTab,
  type DomainMessage,
} from '@qa/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { requestFocusOnArrival } from '../../components/pages/focus-on-arrival';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { useCommand } from '../../lib/sync/use-command';
import { usePreparationConfig } from './preparation/use-preparation-config';
import { scoredItems } from './reporting/report-model';
import { isVdaReport, VDA_COMPLETE_NOT_VALID, vdaGradeOf } from './reporting/vda-grade';
import { useAuditWithItems } from './use-audit-items';
import { VdaCompleteDialog } from './vda-complete-dialog';

export interface AuditStepperProps {
  auditId: string;
  /** The step to start at, 1 to 5. */
  initialStep: number;
  /**
   * Called after Continue applied the new status (locally; the server confirms later);
   * `sendReport` after the last step, whose report is sent next (the mail dialog).
   */
  onContinue: (page: AuditTab, options: { sendReport: boolean }) => void;
  onCancel: () => void;
}

/**
 * The workflow stepper of the right drawer (SPEC section 4): five steps, each with an optional
 * comment, Continue and Cancel. Continue sets the audit status of the phase it opens (decision
 * 71) and goes to that phase's page; the last step completes the audit (final status, protected)
 * and goes on to sending the report. Works offline: the status change is a queued command.
 */
export function AuditStepper({ auditId, initialStep, onContinue, onCancel }: AuditStepperProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const [active, setActive] = useState(
    Math.min(Math.max(initialStep, 1), AUDIT_STEPPER_STEPS.length) - 1,
  );
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Completing a VDA audit reads its items and grades them first (issue 19).
  const { audit, documents, itemsLoading } = useAuditWithItems(auditId);
  const { findingTypes } = usePreparationConfig();
  /** The completing step and what is missing for a valid VDA grade, while it is confirmed. */
  const [vdaConfirm, setVdaConfirm] = useState<{ step: number; missing: string[] } | null>(null);
  const [vdaError, setVdaError] = useState<string | null>(null);

  async function proceed(step: number, confirmIncomplete = false) {
    const target = auditStepperContinue(step);
    if (!target) return;
    const vda = target.completes && isVdaReport(audit?.data);
    if (vda && !confirmIncomplete) {
      const grade = vdaGradeOf(scoredItems(documents).items, audit?.data, findingTypes);
      if (!grade.valid) {
        setError(null);
        setVdaError(null);
        setVdaConfirm({ step, missing: grade.missing.map(translate) });
        return;
      }
    }
    setBusy(true);
    setError(null);
    setVdaError(null);
    try {
      const trimmed = comment.trim();
      const withComment: { comment?: string } = trimmed ? { comment: trimmed } : {};
      // The command grades a VDA audit over the items it names (a command reads only those).
      const ids = documents.map((doc) => doc.id);
      // The last step completes the audit: final status and protection (issue 13).
      const outcome = target.completes
        ? await runCommand(COMPLETE_AUDIT, {
            id: auditId,
            ...withComment,
            itemIds: ids.length <= MAX_DOCUMENTS_PER_COMMAND ? ids : [],
            language,
            ...(confirmIncomplete ? { confirmIncomplete: true } : {}),
          })
        : await runCommand(CHANGE_AUDIT_STATUS, {
            id: auditId,
            status: target.status,
            numbering: AUDIT_STATUS_NUMBERING,
            ...withComment,
          });
      if (!outcome.local.ok) {
        const { message, issues } = outcome.local.error;
        if (message.key === VDA_COMPLETE_NOT_VALID && !confirmIncomplete) {
          // This device's replica graded it differently: ask for the confirmation after all.
          setVdaConfirm({ step, missing: vdaMissingTexts(issues, message, translate) });
        } else if (confirmIncomplete) {
          setVdaError(translate(message));
        } else {
          setError(translate(message));
        }
        return;
      }
      setVdaConfirm(null);
      // The drawer closes and returns the focus to the button that opened it, which may be gone
      // with the old status: the new phase's page takes it instead.
      requestFocusOnArrival();
      onContinue(target.page, { sendReport: target.completes });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box data-testid="audit-stepper">
      <Stepper activeStep={active} orientation="vertical" nonLinear>
        {AUDIT_STEPPER_STEPS.map((step, index) => (
          <Step key={step.step} completed={false}>
            <StepHeader
              active={index === active}
              onClick={() => setActive(index)}
              testId={`audit-step-${step.step}`}
            >
              {formatMessage(RULES_MESSAGES, { key: step.titleKey }, language)}
            </StepHeader>
            <StepContent>
              <TextField
                label={t('audit.stepper.comment')}
                // The drawer opens on the chosen step: its first field takes the focus (the
                // drawer itself took it before, without a visible ring).
                autoFocus
                value={comment}
                onChange={(event) => setComment(event.target.value)}
                multiline
                minRows={2}
                fullWidth
                margin="dense"
                slotProps={{ htmlInput: { 'data-testid': 'audit-step-comment', maxLength: 2000 } }}
              />
              {error && (
                <Alert severity="error" sx={{ mt: 1 }} data-testid="audit-step-error">
                  {error}
                </Alert>
              )}
              <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
                <Button
                  variant="contained"
                  // The completion names the audit's items: not before they are loaded.
                  disabled={busy || (itemsLoading && auditStepperContinue(step.step)?.completes)}
                  onClick={() => void proceed(step.step)}
                  data-testid="audit-step-continue"
                >
                  {t('audit.stepper.continue')}
                </Button>
                <Button onClick={onCancel} data-testid="audit-step-cancel">
                  {t('audit.stepper.cancel')}
                </Button>
              </Box>
            </StepContent>
          </Step>
        ))}
      </Stepper>
      {vdaConfirm && (
        <VdaCompleteDialog
          missing={vdaConfirm.missing}
          busy={busy}
          error={vdaError}
          onConfirm={() => void proceed(vdaConfirm.step, true)}
          onCancel={() => setVdaConfirm(null)}
        />
      )}
    </Box>
  );
}

/** The refusal's missing items in words (its issues), else the refusal itself. */
function vdaMissingTexts(
  issues: readonly DomainMessage[] | undefined,
  message: DomainMessage,
  translate: (message: DomainMessage) => string,
): string[] {
  return issues && issues.length > 0 ? issues.map(translate) : [translate(message)];
}

/**
 * A step's title as a plain button, so a step is chosen by keyboard too (a clickable label was
 * not). Not MUI's tab semantics: a `StepButton` directly in a `Step` turns the stepper into a
 * tab list, which must hold only tabs, yet the chosen step's comment and buttons sit between
 * the steps (axe: aria-required-children). Wrapped, the stepper stays a list; the chosen step
 * is `aria-current`.
 */
function StepHeader({
  active,
  onClick,
  testId,
  children,
}: {
  active: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <StepButton
      onClick={onClick}
      role="button"
      tabIndex={0}
      aria-selected={undefined}
      aria-posinset={undefined}
      aria-setsize={undefined}
      aria-current={active ? 'step' : undefined}
      data-testid={testId}
    >
      {children}
    </StepButton>
  );
}
