import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  COMPANY_METADATA_LABELS,
  companyEmployeeTotal,
  updateCompanyMetadataCommand,
  type ConfigOption,
} from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useCommand } from '../../../lib/sync/use-command';
import {
  COMPANY_FLAGS,
  companyDataFormOf,
  companyMetadataOf,
  companyIssues,
  type CompanyCountField,
  type CompanyDataForm,
} from './company-data-form';

interface CompanyDataDialogProps {
  auditId: string;
  stored: JsonValue | undefined;
  inspectionTypes: readonly ConfigOption[];
  onClose: () => void;
}

/** Domain label keys of the count fields (the employees' sit under `employees.`). */
const COUNT_LABELS: Record<CompanyCountField, string> = {
  trucks: 'trucks',
  office: 'employees.office',
  commercial: 'employees.commercial',
  drivers: 'employees.drivers',
  storageArea: 'storageArea',
  storageLocations: 'storageLocations',
};

/**
 * The company data dialog (SPEC sections 2 and 3, issue 11.7): what kind of company, its
 * trucks, employees (office, industrial, drivers, with their total), storage area and
 * locations, and the type of inspection. Saved with `audit.updateCompanyMetadata`, on this
 * device at once (offline too).
 */
export function CompanyDataDialog({
  auditId,
  stored,
  inspectionTypes,
  onClose,
}: CompanyDataDialogProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [form, setForm] = useState<CompanyDataForm>(() => companyDataFormOf(stored));
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const label = (key: string) => COMPANY_METADATA_LABELS[key]?.[language] ?? key;
  const metadata = companyMetadataOf(form);
  const issues = companyIssues(form);
  const total = companyEmployeeTotal(metadata);

  async function save(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(issues).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const { local } = await runCommand(updateCompanyMetadataCommand.name, {
        id: auditId,
        companyMetadata: metadata,
      });
      if (!local.ok) {
        setError(translate(local.error.message));
        return;
      }
      show({
        type: local.unchanged ? 'info' : 'success',
        message: translate(local.message ?? { key: `audit.companyDataUpdated` }),
      });
      onClose();
    } catch {
      setError(t('wrapup.company.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  const count = (field: CompanyCountField, decimals = false) => {
    const issue = checked || form[field] !== '' ? issues[field] : undefined;
    return (
      <TextField
        label={label(COUNT_LABELS[field])}
        value={form[field]}
        onChange={(event) => setForm((current) => ({ ...current, [field]: event.target.value }))}
        error={issue !== undefined}
        helperText={issue ? translate({ key: issue }) : undefined}
        slotProps={{
          htmlInput: {
            inputMode: decimals ? 'decimal' : 'numeric',
            'data-testid': `company-${field}`,
          },
        }}
        fullWidth
      />
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={(event) => void save(event)} data-testid="company-dialog">
        <DialogTitle id={titleId}>{t('wrapup.company.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          <FormGroup row sx={{ columnGap: 2 }} role="group" aria-label={t('wrapup.company.kind')}>
            {COMPANY_FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                control={
                  <Checkbox
                    checked={form[flag]}
                    onChange={(event) =>
                      setForm((current) => ({ ...current, [flag]: event.target.checked }))
                    }
                    slotProps={{ input: { 'data-testid': `company-${flag}` } as object }}
                  />
                }
                label={label(flag)}
              />
            ))}
          </FormGroup>
          {count('trucks')}
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {label('employees')}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
              }}
            >
              {count('office')}
              {count('commercial')}
              {count('drivers')}
            </Box>
            <Typography sx={{ mt: 1 }} data-testid="company-total" aria-live="polite">
              {`${label('employees.total')}: ${total}`}
            </Typography>
          </Box>
          {count('storageArea', true)}
          {count('storageLocations')}
          <TextField
            select
            label={label('inspectionType')}
            value={form.inspectionType}
            onChange={(event) =>
              setForm((current) => ({ ...current, inspectionType: event.target.value }))
            }
            slotProps={{ htmlInput: { 'data-testid': 'company-inspectionType' } }}
            fullWidth
          >
            <MenuItem value="">
              <em>{t('wrapup.company.noInspectionType')}</em>
            </MenuItem>
            {inspectionTypes.map((type) => (
              <MenuItem key={type.id} value={type.id}>
                {type.label[language]}
              </MenuItem>
            ))}
          </TextField>
          {error && (
            <Alert severity="error" data-testid="company-error">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('wrapup.company.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="company-save">
            {t('wrapup.company.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
