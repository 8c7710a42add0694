import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../app/chunk-load';
import { AUDIT_PHASES, type AuditPhasePath } from './audit-phases';

/** MUI's menu, with its popover and transitions, comes at the first tap (issue 40). */
const AuditPhaseMenuList = lazyComponent(
  () => import('./audit-phase-menu-list'),
  (m) => m.AuditPhaseMenuList,
);

/**
 * The phase tabs on a phone: five tabs do not fit 390 px (three hid behind a chevron), so a
 * full-width button names the current phase and opens a menu of all five as links. A menu of
 * links rather than a select, so choosing is a deliberate step and arrow keys do not navigate.
 */
export function AuditPhaseMenu({ current }: { current: AuditPhasePath | false }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so the menu's closing keeps its transition.
  const [used, setUsed] = useState(false);
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
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ justifyContent: 'space-between' }}
        data-testid="audit-phase-menu"
      >
        {currentLabel}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <AuditPhaseMenuList
            id={menuId}
            anchor={anchor}
            current={current}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
