import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AUDIT_PHASES, type AuditPhasePath } from './audit-phases';

/**
 * The phase tabs on a phone: five tabs do not fit 390 px (three hid behind a chevron), so a
 * full-width button names the current phase and opens a menu of all five as links. A menu of
 * links rather than a select, so choosing is a deliberate step and arrow keys do not navigate.
 */
export function AuditPhaseMenu({ current }: { current: AuditPhasePath | false }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const phase = AUDIT_PHASES.find((entry) => entry.path === current);
  const currentLabel = phase ? t(phase.labelKey) : t('audit.phasesLabel');
  return (
    <>
      <Button
        variant="outlined"
        fullWidth
        endIcon={<ArrowDropDownIcon />}
        aria-label={t('audit.phaseMenu', { phase: currentLabel })}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ justifyContent: 'space-between' }}
        data-testid="audit-phase-menu"
      >
        {currentLabel}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
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
            onClick={() => setAnchor(null)}
          >
            {t(entry.labelKey)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
