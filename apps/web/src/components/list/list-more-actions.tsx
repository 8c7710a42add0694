import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../app/chunk-load';
import type { ListMenuAction } from './list-types';

const ListMoreActionsMenu = lazyComponent(
  () => import('./list-more-actions-menu'),
  (m) => m.ListMoreActionsMenu,
);

interface ListMoreActionsProps {
  actions: readonly ListMenuAction[];
  /** Accessible name of the button; default "More actions". */
  label?: string;
  /** Default 'list-more-actions' (the toolbar's menu). */
  testId?: string;
}

/**
 * A more-actions button and its menu (screens pass the entries): the list toolbar's, and a row's
 * own. Destructive entries come last, after a divider and in the error colour, so they are
 * apart from the others.
 */
export function ListMoreActions({ actions, label, testId }: ListMoreActionsProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  // The menu exists from its opening to the end of its closing transition only: a list renders
  // one per row, and a closed menu (popover, modal) still costs its render (issue 18).
  const [mounted, setMounted] = useState(false);
  const ordered = [
    ...actions.filter((action) => !action.danger),
    ...actions.filter((action) => action.danger),
  ];
  return (
    <>
      <IconButton
        aria-label={label ?? t('list.moreActions')}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setMounted(true);
        }}
        data-testid={testId ?? 'list-more-actions'}
      >
        <MoreVertIcon />
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <ListMoreActionsMenu
            id={menuId}
            anchor={anchor}
            ordered={ordered}
            onClose={() => setAnchor(null)}
            onExited={() => setMounted(false)}
          />
        </Suspense>
      )}
    </>
  );
}
