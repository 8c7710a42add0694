import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { truncateLabel } from '@qa/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date/date-field';

export interface ChipListFieldProps {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** The ids offered; `labelOf` names them. */
  options: readonly string[];
  labelOf?: (id: string) => string;
  /** Typed entries are taken as they are (processes, interested parties). */
  freeSolo?: boolean;
  disabled: boolean;
  error?: string;
  helperText?: string;
  chipLimit: number;
  testId: string;
}

/** A list of free entries (processes, tags): nothing is offered, what is typed is taken. */
export function FreeListField(props: Omit<ChipListFieldProps, 'options' | 'labelOf' | 'freeSolo'>) {
  return <ChipListField {...props} options={[]} freeSolo />;
}

/** A list field shown as chips (labels cut to the configured chip length, SPEC section 9). */
export function ChipListField({
  label,
  value,
  onChange,
  options,
  labelOf = (id) => id,
  freeSolo = false,
  disabled,
  error,
  helperText,
  chipLimit,
  testId,
}: ChipListFieldProps) {
  // Stored values the options no longer offer stay visible.
  const all = [...options, ...value.filter((id) => !options.includes(id))];
  return (
    <Autocomplete
      multiple
      freeSolo={freeSolo}
      autoSelect={freeSolo}
      filterSelectedOptions
      options={all}
      value={value}
      disabled={disabled}
      getOptionLabel={labelOf}
      onChange={(_, next) => {
        const cleaned = next.map((entry) => entry.trim()).filter((entry) => entry !== '');
        onChange([...new Set(cleaned)]);
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((id, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          const text = labelOf(id);
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={truncateLabel(text, chipLimit)}
              title={text}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          margin="dense"
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}

export interface AuditingDatesFieldProps {
  value: string[];
  onChange: (value: string[]) => void;
  /** The first and last day of the planning year, when one is chosen. */
  min?: string;
  max?: string;
  /** The date a new entry starts with. */
  nextDate: string;
  disabled: boolean;
  errorOf: (index: number) => string | undefined;
}

/** The auditing days (a list of dates, each inside the planning year). */
export function AuditingDatesField({
  value,
  onChange,
  min,
  max,
  nextDate,
  disabled,
  errorOf,
}: AuditingDatesFieldProps) {
  const { t } = useTranslation();
  const set = (index: number, date: string) =>
    onChange(value.map((entry, at) => (at === index ? date : entry)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('auditDialog.auditingDates')}
      </Typography>
      {value.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('auditDialog.noAuditingDates')}
        </Typography>
      )}
      {value.map((date, index) => (
        <Box key={index} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <DateField
              label={t('auditDialog.auditingDate', { n: index + 1 })}
              value={date === '' ? null : date}
              // An emptied entry stays in the list, so saving names it instead of dropping it.
              onChange={(next) => set(index, next ?? '')}
              min={min}
              max={max}
              disabled={disabled}
              error={errorOf(index)}
              testId={`audit-dialog-auditing-date-${index}`}
            />
          </Box>
          {!disabled && (
            <IconButton
              aria-label={t('auditDialog.removeAuditingDate', { n: index + 1 })}
              onClick={() => onChange(value.filter((_, at) => at !== index))}
              sx={{ mt: 2 }}
            >
              <DeleteIcon />
            </IconButton>
          )}
        </Box>
      ))}
      {!disabled && (
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...value, nextDate])}
          data-testid="audit-dialog-add-auditing-date"
        >
          {t('auditDialog.addAuditingDate')}
        </Button>
      )}
    </Box>
  );
}

/** Asked before the dialog closes with unsaved changes (Escape, Cancel, a click outside). */
export function AuditDiscardDialog({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onKeep}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid="audit-discard-dialog"
    >
      <DialogTitle id={`${id}-title`}>{t('auditDialog.discardTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{t('auditDialog.discardText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* Keeping the edits is the safe choice, so it has the focus. */}
        <Button onClick={onKeep} autoFocus data-testid="audit-discard-keep">
          {t('auditDialog.keepEditing')}
        </Button>
        <Button onClick={onDiscard} color="error" data-testid="audit-discard-confirm">
          {t('auditDialog.discard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
