import MoreVertIcon from '@mui/icons-material/MoreVert';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListMenuAction } from './list-types';

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
  const firstDanger = ordered.findIndex((action) => action.danger);
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
        <Menu
          id={menuId}
          anchorEl={anchor}
          open={open}
          onClose={() => setAnchor(null)}
          slotProps={{ transition: { onExited: () => setMounted(false) } }}
        >
          {/* A flat list: the menu does not accept fragments as children. */}
          {ordered.flatMap((action, index) => [
            ...(index === firstDanger && index > 0
              ? [<Divider key={`${action.id}-divider`} component="li" />]
              : []),
            <MenuItem
              key={action.id}
              disabled={action.disabled}
              onClick={() => {
                setAnchor(null);
                action.onClick();
              }}
              sx={action.danger ? { color: 'error.main' } : undefined}
              data-testid={action.testId}
            >
              {action.icon && (
                <ListItemIcon sx={action.danger ? { color: 'inherit' } : undefined}>
                  {action.icon}
                </ListItemIcon>
              )}
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>,
          ])}
        </Menu>
      )}
    </>
  );
}
