import Avatar from '@mui/material/Avatar';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import FormControl from '@mui/material/FormControl';
import { ROLE_IDS, can, isRoleId, type RoleId } from '@qa/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '../../components/shell/initials';
import { usePerson } from '../../lib/session/session-provider';

/** SPEC section 3 "Role": the built-in roles' names, translated. */
const ROLE_LABEL_KEYS: Record<RoleId, string> = {
  user: 'users.roleNames.user',
  auditor: 'users.roleNames.auditor',
  qm: 'users.roleNames.qm',
  admin: 'users.roleNames.admin',
  'measure-dispatcher': 'users.roleNames.measureDispatcher',
};

export function roleLabel(t: TFunction, role: string): string {
  return isRoleId(role) ? t(ROLE_LABEL_KEYS[role]) : role;
}

/** "active" / "inactive" (SPEC section 4 "User account": with or without a login). */
export function typeLabel(t: TFunction, type: string): string {
  return type === 'active' ? t('users.types.active') : t('users.types.inactive');
}

/**
 * Whether the signed-in person manages people (admins; SPEC section 6, issue 15: only admins
 * manage people and roles). Live: `usePerson()` follows the person's roles in the replica.
 */
export function useIsPeopleAdmin(): boolean {
  const person = usePerson();
  return can(person?.roles ?? [], 'person.update');
}

export function PersonAvatar({
  name,
  src,
  size = 40,
}: {
  name: string;
  src: string | null | undefined;
  size?: number;
}) {
  return (
    <Avatar
      src={src ?? undefined}
      alt=""
      sx={{
        width: size,
        height: size,
        fontSize: size / 2.5,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
      }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}

/** SPEC section 6: roles edited by per-role checkboxes. */
export function RoleCheckboxes({
  value,
  onChange,
  disabled,
  helperText,
  error,
  testId,
}: {
  value: readonly RoleId[];
  onChange: (roles: RoleId[]) => void;
  disabled?: boolean;
  helperText?: string | null;
  error?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <FormControl component="fieldset" disabled={disabled} error={error} data-testid={testId}>
      <FormLabel component="legend">{t('users.fields.roles')}</FormLabel>
      <FormGroup sx={{ flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}>
        {ROLE_IDS.map((role) => (
          <FormControlLabel
            key={role}
            sx={{ minHeight: 44 }}
            control={
              <Checkbox
                checked={value.includes(role)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? ROLE_IDS.filter((id) => id === role || value.includes(id))
                      : value.filter((id) => id !== role),
                  )
                }
                slotProps={{ input: { 'data-testid': `${testId}-${role}` } as object }}
              />
            }
            label={roleLabel(t, role)}
          />
        ))}
      </FormGroup>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
