import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AUDIT_PHASES, type AuditPhasePath } from './audit-phases';

/** The menu of AuditPhaseMenu: its own chunk, loaded at the first tap on the phase button. */
export function AuditPhaseMenuList({
  id,
  anchor,
  current,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  current: AuditPhasePath | false;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{
        list: { 'aria-label': t('audit.phasesLabel') },
        paper: { sx: { width: anchor?.offsetWidth } },
      }}
    >
      {AUDIT_PHASES.map((entry) => (
        <MenuItem
          key={entry.path}
          component={RouterLink}
          to={entry.path}
          selected={entry.path === current}
          aria-current={entry.path === current ? 'page' : undefined}
          onClick={onClose}
        >
          {t(entry.labelKey)}
        </MenuItem>
      ))}
    </Menu>
  );
}
