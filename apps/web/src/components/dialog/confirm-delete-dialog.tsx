import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  /** Cancel, Escape and a click outside; called without arguments. */
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  /** The question and what goes with it (DialogContentText blocks). */
  children: ReactNode;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  confirmDisabled?: boolean;
  confirmTestId: string;
}

/**
 * The one "are you sure?" dialog before a delete: a title naming the dialog, the question and a
 * red confirm button next to cancel. What is deleted, and how, stays with the caller.
 */
export function ConfirmDeleteDialog({
  open,
  onClose,
  onConfirm,
  title,
  children,
  cancelLabel,
  confirmLabel,
  confirmDisabled,
  confirmTestId,
}: ConfirmDeleteDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={() => onClose()} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{cancelLabel}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={confirmDisabled}
          onClick={onConfirm}
          data-testid={confirmTestId}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** `ids` cut to what one command may carry (at least one, possibly empty, part). */
export function idChunks(ids: readonly string[], size: number): string[][] {
  const out: string[][] = [];
  for (let start = 0; start < ids.length; start += size) out.push(ids.slice(start, start + size));
  return out.length > 0 ? out : [[]];
}

/** `value` as it was when last not null: what a closing dialog keeps showing while it fades out. */
export function useLastShown<T>(value: T | null): T | null {
  const [shown, setShown] = useState(value);
  if (value !== null && value !== shown) setShown(value);
  return shown;
}
