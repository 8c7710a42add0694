import type { ReactNode } from 'react';
import type { ListGroup } from './list-grouping';

export type ListView = 'list' | 'group';

/** An entry of the more-actions menu; the menu closes before `onClick` runs. */
export interface ListMenuAction {
  id: string;
  /** Translated text. */
  label: string;
  icon?: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** A destructive action (delete): shown apart, after a divider, in the error colour. */
  danger?: boolean;
  testId?: string;
}

/**
 * An entry of a list's toolbar more-actions menu (GroupedList's `moreActions`): as a menu entry,
 * but `onClick` gets the items the list lists when it is chosen: after search and facet filters,
 * in the list's sort order, every page (not only the one shown), each item once (group view's
 * grouping is not applied). For an export or a bulk action "of what I see"; an entry that does
 * not need them takes no argument (a ListMenuAction fits).
 */
export interface ListToolbarAction<T> extends Omit<ListMenuAction, 'onClick'> {
  onClick: (listed: readonly T[]) => void;
}

/**
 * What touching a row does: the whole row opens its item (a link to `href`, or a button that
 * calls `onOpen`), so a finger need not find a 19 px name or a 36 px icon.
 */
export type ListRowOpen = { href: string; onOpen?: never } | { onOpen: () => void; href?: never };

/** What `renderRow` gets besides the item. */
export interface ListRowContext<T> {
  /** Position on the current page (0-based). */
  index: number;
  /** The group the row is shown in (group view), else null. */
  group: ListGroup<T> | null;
}

/** What `renderGroupHeader` gets: the group and its title already formatted. */
export interface ListGroupHeaderContext<T> {
  group: ListGroup<T>;
  /** Full title: the formatted group value, or "No value". */
  title: string;
  /** The title cut to the group-title limit (90). */
  shortTitle: string;
  expanded: boolean;
}

/** App constants the list reads (SPEC section 9); the defaults come from the app segment. */
export interface ListTextLimits {
  chip: number;
  groupTitle: number;
}
