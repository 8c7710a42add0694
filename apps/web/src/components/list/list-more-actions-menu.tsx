import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ListMenuAction } from './list-types';

interface ListMoreActionsMenuProps {
  id: string;
  anchor: HTMLElement | null;
  /** Destructive entries last (ListMoreActions orders them). */
  ordered: readonly ListMenuAction[];
  onClose: () => void;
  onExited: () => void;
}

/**
 * The open menu of ListMoreActions, a chunk of its own: a list's first load shows only the
 * buttons (issue 18), the menu, popover and focus handling come with the first opening.
 */
export function ListMoreActionsMenu({
  id,
  anchor,
  ordered,
  onClose,
  onExited,
}: ListMoreActionsMenuProps) {
  const firstDanger = ordered.findIndex((action) => action.danger);
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ transition: { onExited } }}
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
            onClose();
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
  );
}
