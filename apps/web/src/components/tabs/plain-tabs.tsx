import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import { useRef, type KeyboardEvent } from 'react';

export interface PlainTab<V extends string> {
  value: V;
  label: string;
  /** The tab's element id (the panel names it in aria-labelledby). */
  id: string;
}

/**
 * A row of tabs of equal width whose selected one is underlined by its own border (decision 84).
 * MUI's Tabs measures itself and its indicator in a layout effect when it mounts, which forces
 * a layout of the whole page inside the first screen's commit (about 110 ms of the dashboard's
 * longest task on a throttled phone, issue 40); a few equal tabs need no measuring.
 * The WAI-ARIA tabs pattern: one tab in the tab order, arrow keys (and Home, End) move to the
 * others and select them, as the panel shows at once.
 */
export function PlainTabs<V extends string>({
  value,
  tabs,
  onChange,
  label,
  panelId,
}: {
  value: V;
  tabs: readonly PlainTab<V>[];
  onChange: (value: V) => void;
  label: string;
  panelId: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((tab) => tab.value === value);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    onChange(tabs[to]!.value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <Box
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            id={tab.id}
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            sx={{
              flex: '1 1 0',
              minWidth: 0,
              minHeight: 48,
              px: 2,
              py: 1.5,
              typography: 'button',
              textAlign: 'center',
              overflowWrap: 'break-word',
              color: selected ? 'primary.main' : 'text.secondary',
              // The border takes the same room selected or not: nothing moves on a change.
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              marginBottom: '-1px',
            }}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
