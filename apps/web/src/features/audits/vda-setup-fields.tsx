import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { VdaProcessStep, VdaSetup } from '@qa/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog, useLastShown } from '../../components/dialog/confirm-delete-dialog';
import {
  addStep,
  EVALUATION_SCHEMA_LABEL_KEYS,
  EVALUATION_SCHEMAS,
  moveStep,
  removeStep,
  renameStep,
} from './vda-setup-model';

export interface EvaluationSchemaFieldProps {
  /** The effective `reportSchema.calcSchema`. */
  value: string;
  onChange: (calcSchema: string) => void;
  disabled?: boolean;
  testId: string;
}

/**
 * "Bewertungsschema" of an audit or template (issue 19): deviation, compliance or VDA 6.3. A
 * stored schema the list does not know stays shown as it is.
 */
export function EvaluationSchemaField({
  value,
  onChange,
  disabled,
  testId,
}: EvaluationSchemaFieldProps) {
  const { t } = useTranslation();
  const options: string[] = [...EVALUATION_SCHEMAS];
  if (value !== '' && !options.includes(value)) options.push(value);
  const labelOf = (id: string) => {
    const key = EVALUATION_SCHEMA_LABEL_KEYS[id];
    return key ? t(key) : id;
  };
  return (
    <TextField
      select
      label={t('vdaSetup.schema.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      fullWidth
      margin="dense"
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
      }}
    >
      {options.map((id) => (
        <option key={id} value={id}>
          {labelOf(id)}
        </option>
      ))}
    </TextField>
  );
}

export interface VdaSetupFieldsProps {
  value: VdaSetup;
  onChange: (setup: VdaSetup) => void;
  /** A new step id (the client's id source). */
  newId: () => string;
  disabled?: boolean;
  /** Evaluations on the audit's items by key (a step's id): asked before such a step goes. */
  evaluations?: ReadonlyMap<string, number>;
  /** Step ids to mark as missing a name (after a refused save). */
  unnamed?: readonly string[];
  testId: string;
}

/**
 * The VDA 6.3 set-up (issue 19): the process steps P6 is evaluated in (names; added, removed,
 * moved; each keeps its id when renamed, so its evaluations stay with it) and whether P3 and P4
 * are evaluated separately for product and process. Removing a step that holds evaluations
 * asks first and says how many.
 */
export function VdaSetupFields({
  value,
  onChange,
  newId,
  disabled,
  evaluations,
  unnamed = [],
  testId,
}: VdaSetupFieldsProps) {
  const { t } = useTranslation();
  const [removal, setRemoval] = useState<{ step: VdaProcessStep; count: number } | null>(null);
  // What the question names stays while the dialog fades out.
  const shownRemoval = useLastShown(removal);
  // A step just added gets the focus, so it is named at once.
  const focusNext = useRef<string | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  useEffect(() => {
    const id = focusNext.current;
    if (id === null) return;
    focusNext.current = null;
    inputs.current.get(id)?.focus();
  });
  const steps = value.processSteps;

  const requestRemoval = (step: VdaProcessStep) => {
    const count = evaluations?.get(step.id) ?? 0;
    if (count > 0) setRemoval({ step, count });
    else onChange(removeStep(value, step.id));
  };
  const add = () => {
    const next = addStep(value, newId);
    focusNext.current = next.processSteps.at(-1)!.id;
    onChange(next);
  };
  const stepLabel = (step: VdaProcessStep, index: number) =>
    step.name.trim() || t('vdaSetup.steps.unnamed', { n: index + 1 });

  return (
    <Box data-testid={testId}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('vdaSetup.steps.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {steps.length === 0 ? t('vdaSetup.steps.empty') : t('vdaSetup.steps.hint')}
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {steps.map((step, index) => (
            <Box
              component="li"
              key={step.id}
              sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}
              data-testid={`${testId}-step-${index}`}
            >
              <TextField
                label={t('vdaSetup.steps.name', { n: index + 1 })}
                value={step.name}
                onChange={(event) => onChange(renameStep(value, step.id, event.target.value))}
                disabled={disabled}
                required
                error={unnamed.includes(step.id)}
                helperText={
                  unnamed.includes(step.id) ? t('vdaSetup.steps.nameRequired') : undefined
                }
                fullWidth
                margin="dense"
                inputRef={(element: HTMLInputElement | null) => {
                  if (element) inputs.current.set(step.id, element);
                  else inputs.current.delete(step.id);
                }}
                slotProps={{ htmlInput: { 'data-testid': `${testId}-step-name-${index}` } }}
              />
              {!disabled && (
                <Box sx={{ display: 'flex', flexShrink: 0, mt: 1.5 }}>
                  <IconButton
                    aria-label={t('vdaSetup.steps.up', { name: stepLabel(step, index) })}
                    disabled={index === 0}
                    onClick={() => onChange(moveStep(value, step.id, -1))}
                    data-testid={`${testId}-step-up-${index}`}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('vdaSetup.steps.down', { name: stepLabel(step, index) })}
                    disabled={index === steps.length - 1}
                    onClick={() => onChange(moveStep(value, step.id, 1))}
                    data-testid={`${testId}-step-down-${index}`}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('vdaSetup.steps.remove', { name: stepLabel(step, index) })}
                    onClick={() => requestRemoval(step)}
                    data-testid={`${testId}-step-remove-${index}`}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Box>
              )}
            </Box>
          ))}
        </Box>
        {!disabled && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={add}
            data-testid={`${testId}-add-step`}
          >
            {t('vdaSetup.steps.add')}
          </Button>
        )}
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={value.productProcessSplit}
            onChange={(event) => onChange({ ...value, productProcessSplit: event.target.checked })}
            disabled={disabled}
            slotProps={{ input: { 'data-testid': `${testId}-split` } as object }}
          />
        }
        label={t('vdaSetup.productProcessSplit')}
      />
      <ConfirmDeleteDialog
        open={removal !== null}
        onClose={() => setRemoval(null)}
        onConfirm={() => {
          if (removal) onChange(removeStep(value, removal.step.id));
          setRemoval(null);
        }}
        title={t('vdaSetup.steps.removeTitle')}
        cancelLabel={t('vdaSetup.steps.keep')}
        confirmLabel={t('vdaSetup.steps.removeConfirm')}
        confirmTestId={`${testId}-remove-confirm`}
      >
        <DialogContentText>
          {shownRemoval
            ? t('vdaSetup.steps.removeText', {
                name: shownRemoval.step.name.trim() || '–',
                count: shownRemoval.count,
              })
            : ''}
        </DialogContentText>
      </ConfirmDeleteDialog>
    </Box>
  );
}
