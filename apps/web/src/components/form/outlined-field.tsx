import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { MouseEvent, ReactNode } from 'react';
import { COARSE_POINTER, TOUCH_TARGET } from '../../app/theme';
import { FOCUS_RING_COLOR } from '../../app/focus-styles';

/** The classes of the field's frame and of its border (tests find the focus ring by them). */
export const FIELD_FRAME = 'qa-field';
export const FIELD_OUTLINE = 'qa-field-outline';
/** The class of the field's own input or select element (see OutlinedField). */
export const FIELD_CONTROL = 'qa-field-control';
/** An adornment's class: its icon takes no clicks, a click beside the input focuses it. */
export const FIELD_ADORNMENT = 'qa-field-adornment';

/**
 * The look of MUI's outlined field with its label always in the border's notch, as one
 * style on the field's frame: the frame, the label, the notched border (a fieldset whose legend
 * cuts the gap, as MUI does) and the control are plain elements under it. A first screen's search
 * box and year select cost the style of four MUI components (InputBase, OutlinedInput,
 * NativeSelect, InputLabel), about 70 ms of style work at a phone's CPU and 7 KB of code
 * (issue 40); this is one small rule set.
 */
function fieldSx(theme: Theme) {
  const primary = theme.palette.primary.main;
  return {
    ...theme.typography.body1,
    lineHeight: '1.4375em',
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    verticalAlign: 'top',
    minWidth: 0,
    borderRadius: `${theme.shape.borderRadius}px`,
    color: theme.palette.text.primary,
    cursor: 'text',
    '& > label': {
      position: 'absolute',
      left: 0,
      top: 0,
      zIndex: 1,
      maxWidth: 'calc(133% - 32px)',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      color: theme.palette.text.secondary,
      transform: 'translate(14px, -9px) scale(0.75)',
      transformOrigin: 'top left',
      pointerEvents: 'none',
    },
    '&:focus-within > label': { color: primary },
    '& > fieldset': {
      position: 'absolute',
      inset: '-5px 0 0',
      margin: 0,
      padding: '0 8px',
      textAlign: 'left',
      pointerEvents: 'none',
      borderRadius: 'inherit',
      borderStyle: 'solid',
      borderWidth: 1,
      borderColor: 'rgba(0, 0, 0, 0.23)',
      overflow: 'hidden',
      minWidth: '0%',
    },
    '& > fieldset > legend': {
      float: 'unset',
      width: 'auto',
      display: 'block',
      height: 11,
      padding: 0,
      overflow: 'hidden',
      fontSize: '0.75em',
      maxWidth: '100%',
      whiteSpace: 'nowrap',
      visibility: 'hidden',
    },
    '& > fieldset > legend > span': {
      display: 'inline-block',
      paddingLeft: '5px',
      paddingRight: '5px',
      opacity: 0,
      visibility: 'visible',
    },
    '@media (hover: hover)': {
      '&:hover > fieldset': { borderColor: theme.palette.text.primary },
    },
    '&:focus-within > fieldset': { borderColor: primary, borderWidth: 2 },
    // Keyboard focus shows on the border, 3 px in the ring's colour (focus-styles.ts).
    '&:has(:focus-visible) > fieldset': { borderColor: FOCUS_RING_COLOR, borderWidth: 3 },
    [`& .${FIELD_CONTROL}`]: {
      font: 'inherit',
      letterSpacing: 'inherit',
      color: 'currentColor',
      boxSizing: 'content-box',
      height: '1.4375em',
      margin: 0,
      padding: '8.5px 14px',
      border: 0,
      borderRadius: 'inherit',
      background: 'none',
      minWidth: 0,
      width: '100%',
      outline: 'none',
      WebkitAppearance: 'none',
      appearance: 'none',
      [COARSE_POINTER]: { paddingTop: '10.5px', paddingBottom: '10.5px' },
    },
    // The box has its own clear button (a touch target); not the browser's second one.
    [`& input.${FIELD_CONTROL}::-webkit-search-cancel-button`]: { display: 'none' },
    [`& select.${FIELD_CONTROL}`]: { cursor: 'pointer', paddingRight: '32px' },
    [`& .${FIELD_ADORNMENT}`]: {
      display: 'flex',
      alignItems: 'center',
      flexShrink: 0,
      color: theme.palette.action.active,
    },
    [`& label + .${FIELD_ADORNMENT}`]: {
      marginLeft: '14px',
      marginRight: '8px',
      pointerEvents: 'none',
    },
    [`& label + .${FIELD_ADORNMENT} ~ .${FIELD_CONTROL}`]: { paddingLeft: 0 },
    [`& .${FIELD_CONTROL} + .${FIELD_ADORNMENT}`]: { marginRight: '6px' },
    '& .qa-field-arrow': {
      position: 'absolute',
      right: 7,
      top: 'calc(50% - 12px)',
      width: 24,
      height: 24,
      fill: 'currentColor',
      color: theme.palette.action.active,
      pointerEvents: 'none',
    },
    // A text field's size (the sign-in page's): 56 px high, as MUI's medium outlined field.
    [`&[data-size="medium"] .${FIELD_CONTROL}`]: { paddingTop: '16.5px', paddingBottom: '16.5px' },
    // In error the border and label are red, also while focused (5:1 on white).
    [`&[data-error] > fieldset, &[data-error]:focus-within > fieldset, &[data-error]:has(:focus-visible) > fieldset`]:
      { borderColor: theme.palette.error.main },
    '&[data-error] > label, &[data-error]:focus-within > label': {
      color: theme.palette.error.main,
    },
    [COARSE_POINTER]: { minHeight: TOUCH_TARGET },
  } as const;
}

interface OutlinedFieldProps {
  /** The control's id: the label names it. */
  id: string;
  label: string;
  /** The control, an input or select with the class FIELD_CONTROL, and its adornments. */
  children: ReactNode;
  /** `small` (40 px, lists' toolbars) or `medium` (56 px, a form's fields). */
  size?: 'small' | 'medium';
  error?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * An outlined field of plain elements (see fieldSx). A touch anywhere in the frame, on an
 * adornment's icon too, puts the focus into the control, as in MUI's fields.
 */
export function OutlinedField({
  id,
  label,
  children,
  size = 'small',
  error = false,
  sx,
}: OutlinedFieldProps) {
  const focusControl = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('button, input, select')) return;
    event.currentTarget.querySelector<HTMLElement>(`.${FIELD_CONTROL}`)?.focus();
  };
  return (
    <Box
      sx={[fieldSx, ...(Array.isArray(sx) ? sx : [sx])]}
      onClick={focusControl}
      className={FIELD_FRAME}
      data-size={size}
      data-error={error || undefined}
    >
      <label htmlFor={id}>{label}</label>
      {children}
      <fieldset aria-hidden="true" className={FIELD_OUTLINE}>
        <legend>
          <span>{label}</span>
        </legend>
      </fieldset>
    </Box>
  );
}

/** The select's arrow (MUI's ArrowDropDown), a plain svg. */
export function SelectArrow() {
  return (
    <svg className="qa-field-arrow" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 10l5 5 5-5z" />
    </svg>
  );
}
