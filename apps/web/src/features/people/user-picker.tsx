import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Autocomplete, {
  createFilterOptions,
  type AutocompleteRenderInputParams,
} from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { can, createInactivePersonCommand, truncateLabel } from '@qa/domain';
import { useCallback, useMemo, useState, type HTMLAttributes, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerson } from '../../lib/session/session-provider';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { PersonCreateDialog, type CreatedPerson } from './person-create-dialog';
import { personLabel, usePeople, type PersonView } from './use-people';

export interface UserPickerProps {
  label: string;
  /** Selected person ids; one at most unless `multiple`. */
  value: string[];
  onChange: (ids: string[]) => void;
  multiple?: boolean;
  /** Offer only people with the auditor role (SPEC section 6). */
  auditorsOnly?: boolean;
  /** Offer "Add person" (a button beside the field): a new inactive person, selected at once. */
  allowCreate?: boolean;
  required?: boolean;
  /** A message shown under the field (and the field marked as wrong). */
  error?: string;
  disabled?: boolean;
  /** For tests and e2e: set on the input. */
  testId?: string;
}

/**
 * The "add person" entry of the option list, offered only when what was typed matches nobody:
 * beside a match one ArrowDown too many opened the new-person dialog (issue 18.4). Not an id
 * anybody can have: ids are generated UUIDs or slugs, never with a control character.
 */
const ADD_OPTION = '\u0000add-person';

/**
 * Picks people by name (SPEC section 2 "User picker"): one or several (as chips cut to the
 * configured chip length), optionally auditors only, optionally with "Add person" to create an
 * inactive person on the spot. Ids the people list does not know stay selectable and show as
 * 'User: {id}' (SPEC section 8).
 *
 * Creating a person is always a choice of its own: the button beside the field (the next Tab
 * stop), or the list's only entry when the typed name matches nobody; never an option the
 * arrow keys reach from a match.
 */
export function UserPicker({
  label,
  value,
  onChange,
  multiple = false,
  auditorsOnly = false,
  allowCreate = false,
  required = false,
  error,
  disabled = false,
  testId,
}: UserPickerProps) {
  const { t } = useTranslation();
  const person = usePerson();
  const { people, byId, loading } = usePeople();
  const userConfig = useConfigSegment('user');
  const appConfig = useConfigSegment('app');
  const [inputValue, setInputValue] = useState('');
  const [creating, setCreating] = useState<string | null>(null);
  // People created here, until the replica lists them (a moment; offline too).
  const [created, setCreated] = useState<ReadonlyMap<string, CreatedPerson>>(new Map());

  const mayCreate =
    allowCreate &&
    !disabled &&
    can(person?.roles ?? [], createInactivePersonCommand.action ?? 'person.create');

  const names = useMemo(() => {
    const map = new Map<string, Pick<PersonView, 'displayName'>>(created);
    for (const [id, entry] of byId) map.set(id, entry);
    return map;
  }, [byId, created]);
  // Stable, or Autocomplete would reset what is being typed on every render.
  const labelOf = useCallback(
    (id: string) => (id === ADD_OPTION ? t('people.addPerson') : personLabel(names, id, t)),
    [names, t],
  );

  const options = useMemo(() => {
    const offered = people
      .filter((entry) => !auditorsOnly || entry.roles.includes(userConfig.auditorRole))
      .map((entry) => entry.id);
    const known = new Set(offered);
    // Selected ids stay options, or the field could not show them.
    const extra = [...created.keys(), ...value].filter((id) => !known.has(id));
    return [...offered, ...new Set(extra)];
  }, [people, auditorsOnly, userConfig.auditorRole, created, value]);

  const filter = useMemo(
    () =>
      createFilterOptions<string>({
        stringify: (id) =>
          id === ADD_OPTION ? '' : `${personLabel(names, id, t)} ${byId.get(id)?.email ?? ''}`,
      }),
    [names, byId, t],
  );

  const select = (ids: string[]) => {
    if (ids.includes(ADD_OPTION)) {
      setCreating(inputValue);
      return;
    }
    onChange(ids);
  };
  // What was typed names the new person; the selected person's name shown in a single
  // picker does not.
  const typedName = () =>
    !multiple && value[0] !== undefined && inputValue === labelOf(value[0]) ? '' : inputValue;

  const onCreated = (entry: CreatedPerson) => {
    setCreated((current) => new Map(current).set(entry.id, entry));
    setCreating(null);
    setInputValue('');
    onChange(multiple ? [...value.filter((id) => id !== entry.id), entry.id] : [entry.id]);
  };

  const renderOption = (
    { key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key },
    id: string,
  ) =>
    id === ADD_OPTION ? (
      <Box component="li" key={key} {...props} data-testid="user-picker-add">
        <PersonAddIcon fontSize="small" sx={{ mr: 1 }} />
        {inputValue.trim()
          ? t('people.addNamed', { name: inputValue.trim() })
          : t('people.addPerson')}
      </Box>
    ) : (
      <Box component="li" key={key} {...props}>
        <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Typography variant="body2" noWrap>
            {labelOf(id)}
          </Typography>
          {(byId.get(id)?.email || byId.get(id)?.type === 'inactive') && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {[
                byId.get(id)?.email,
                byId.get(id)?.type === 'inactive' ? t('people.inactive') : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          )}
        </Box>
      </Box>
    );

  const common = {
    options,
    disabled,
    loading,
    inputValue,
    onInputChange: (_: unknown, next: string, reason: string) => {
      // Choosing "Add person" keeps what was typed (it becomes the new person's name).
      if (reason === 'selectOption' && next === labelOf(ADD_OPTION)) return;
      setInputValue(next);
    },
    getOptionLabel: labelOf,
    filterOptions: (list: string[], state: Parameters<typeof filter>[1]) => {
      const found = filter(list, state);
      return mayCreate && found.length === 0 && state.inputValue.trim() !== ''
        ? [ADD_OPTION]
        : found;
    },
    renderOption,
    fullWidth: true,
    autoHighlight: true,
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        label={label}
        required={required}
        error={Boolean(error)}
        helperText={error}
        margin="dense"
        slotProps={{
          ...params.slotProps,
          htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
        }}
      />
    ),
  };

  const field = multiple ? (
    <Autocomplete
      {...common}
      multiple
      filterSelectedOptions
      value={value}
      onChange={(_, next) => select(next)}
      renderValue={(selected, getItemProps) =>
        selected.map((id, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          const text = labelOf(id);
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={truncateLabel(text, appConfig.textLimits.chip)}
              title={text}
              data-testid="user-picker-chip"
            />
          );
        })
      }
    />
  ) : (
    <Autocomplete
      {...common}
      value={value[0] ?? null}
      onChange={(_, next) => select(next === null ? [] : [next])}
    />
  );

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, flex: 1, minWidth: 0 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>{field}</Box>
      {mayCreate && (
        // As high as the outlined field beside it (below its dense top margin): centred on it.
        <Box sx={{ display: 'flex', alignItems: 'center', height: 56, mt: 1 }}>
          <Tooltip title={t('people.addPerson')}>
            <IconButton
              aria-label={t('people.addPersonTo', { field: label })}
              onClick={() => setCreating(typedName())}
              data-testid={testId ? `${testId}-add-person` : 'user-picker-add-person'}
            >
              <PersonAddIcon />
            </IconButton>
          </Tooltip>
        </Box>
      )}
      <PersonCreateDialog
        open={creating !== null}
        initialName={creating ?? ''}
        asAuditor={auditorsOnly}
        onClose={() => setCreating(null)}
        onCreated={onCreated}
      />
    </Box>
  );
}
