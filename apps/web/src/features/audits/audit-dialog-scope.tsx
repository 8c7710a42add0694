import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Scope, ScopesConfig } from '@qa/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date/date-field';
import { ListTextField } from '../../components/form/list-text-field';
import type { Language } from '../../lib/i18n/detect-language';
import { displayValue } from './audit-document';

export interface AuditScopeFieldsProps {
  value: Scope;
  onChange: (scope: Scope) => void;
  config: ScopesConfig;
  mode: 'entries' | 'schema';
  language: Language;
  disabled: boolean;
  /** The message of a problem per path ('scope.plant'). */
  errorOf: (path: string) => string | undefined;
  /** The customer list offered in a text field, by the field's id (useCustomerLists). */
  listOptions?: (...fields: string[]) => string[];
}

type ScopeObject = Exclude<Scope, unknown[]>;

/**
 * The audit's scope (SPEC sections 3 and 9). Normally one value per field of the configured
 * scope schema (plant, product line, chassis number, ...); an audit that stores a list of
 * scope entries (sites) keeps that form and is edited as a list of entries.
 */
export function AuditScopeFields({
  value,
  onChange,
  config,
  mode,
  language,
  disabled,
  errorOf,
  listOptions = () => [],
}: AuditScopeFieldsProps) {
  const { t } = useTranslation();

  if (mode === 'entries') {
    const list = Array.isArray(value) ? value : [];
    const ids = list.filter((entry): entry is string => typeof entry === 'string');
    // Objects in a stored list are kept as they are; only the entry ids are edited here.
    const objects = list.filter((entry) => typeof entry !== 'string');
    const entryLabel = (id: string) => {
      const entry = config.entries.find((candidate) => candidate.id === id);
      return entry ? [entry.site, entry.region].filter(Boolean).join(', ') : id;
    };
    const options = [
      ...config.entries.map((entry) => entry.id),
      ...ids.filter((id) => !config.entries.some((entry) => entry.id === id)),
    ];
    return (
      <Box>
        <Autocomplete
          multiple
          options={options}
          value={ids}
          disabled={disabled}
          getOptionLabel={entryLabel}
          onChange={(_, next) => onChange([...next, ...objects])}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('auditDialog.scope')}
              margin="dense"
              error={Boolean(errorOf('scope'))}
              helperText={errorOf('scope')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'audit-dialog-scope' },
              }}
            />
          )}
        />
        {objects.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {displayValue(objects)}
          </Typography>
        )}
      </Box>
    );
  }

  const scope: ScopeObject = Array.isArray(value) ? {} : value;
  const set = (id: string, next: string) => {
    const copy: ScopeObject = { ...scope };
    if (next === '') delete copy[id];
    else copy[id] = next;
    onChange(copy);
  };
  const text = (id: string) => {
    const current = scope[id];
    return current === undefined || current === null ? '' : String(current);
  };

  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
      data-testid="audit-dialog-scope-schema"
    >
      <Typography component="legend" variant="subtitle2" sx={{ mt: 1 }}>
        {t('auditDialog.scope')}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {config.schema.map((field) => {
          const error = errorOf(`scope.${field.id}`);
          const common = {
            label: field.label[language],
            required: field.required,
            value: text(field.id),
            onChange: (event: { target: { value: string } }) => set(field.id, event.target.value),
            disabled,
            error: Boolean(error),
            helperText: error,
            fullWidth: true,
            margin: 'dense' as const,
          };
          const testId = { 'data-testid': `audit-dialog-scope-${field.id}` };
          if (field.type === 'select') {
            // A stored value the configuration no longer offers stays visible and selected.
            const options = field.options.includes(text(field.id))
              ? field.options
              : [...field.options, text(field.id)].filter(Boolean);
            return (
              <TextField key={field.id} select {...common} slotProps={{ htmlInput: testId }}>
                <MenuItem value="">
                  <em>{t('auditDialog.none')}</em>
                </MenuItem>
                {options.map((option) => (
                  <MenuItem key={option} value={option}>
                    {option}
                  </MenuItem>
                ))}
              </TextField>
            );
          }
          if (field.type === 'date') {
            return (
              <DateField
                key={field.id}
                label={common.label}
                required={field.required}
                value={text(field.id) === '' ? null : text(field.id)}
                onChange={(next) => set(field.id, next ?? '')}
                disabled={disabled}
                error={error}
                testId={testId['data-testid']}
              />
            );
          }
          const { onChange: _typed, ...textProps } = common;
          return (
            <ListTextField
              key={field.id}
              {...textProps}
              onChange={(next) => set(field.id, next)}
              options={listOptions(field.id)}
              slotProps={{ htmlInput: testId }}
            />
          );
        })}
      </Box>
    </Box>
  );
}
