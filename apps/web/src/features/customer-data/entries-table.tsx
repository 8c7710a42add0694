import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntryRow } from './list-draft';
import { VISUALLY_HIDDEN } from '../../lib/dom/visually-hidden';

type Field = 'id' | 'name';

interface EntriesTableProps {
  rows: EntryRow[];
  canEdit: boolean;
  /** Translated problem per row key, shown at the row's id. */
  idProblems: ReadonlyMap<number, string>;
  onChange: (key: number, field: Field, value: string) => void;
  /** Appends an empty row and returns its key. */
  onAdd: () => number;
  onDelete: (key: number) => void;
}

/**
 * The entries (id, name) of a list. Keyboard: Enter in an id goes to its name; Enter in a name
 * goes to the next row, or adds one after the last.
 */
export function EntriesTable({
  rows,
  canEdit,
  idProblems,
  onChange,
  onAdd,
  onDelete,
}: EntriesTableProps) {
  const { t } = useTranslation();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  // Focus moves after the render that shows the row (a new row has no input before that).
  const [focus, setFocus] = useState<{ key: number; field: Field } | 'add' | null>(null);

  useEffect(() => {
    if (focus === null) return;
    if (focus === 'add') addButton.current?.focus();
    else inputs.current.get(`${focus.key}:${focus.field}`)?.focus();
    setFocus(null);
  }, [focus]);

  const register = (key: number, field: Field) => (element: HTMLInputElement | null) => {
    if (element) inputs.current.set(`${key}:${field}`, element);
    else inputs.current.delete(`${key}:${field}`);
  };

  const add = () => setFocus({ key: onAdd(), field: 'id' });

  const onKeyDown = (event: KeyboardEvent, index: number, field: Field) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter must not submit the form (that is the Save button's job).
    event.preventDefault();
    const row = rows[index]!;
    if (field === 'id') setFocus({ key: row.key, field: 'name' });
    else if (index + 1 < rows.length) setFocus({ key: rows[index + 1]!.key, field: 'id' });
    else add();
  };

  const remove = (index: number) => {
    const next = rows[index + 1] ?? rows[index - 1];
    onDelete(rows[index]!.key);
    setFocus(next ? { key: next.key, field: 'id' } : 'add');
  };

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('customerData.entries')} data-testid="entries-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '35%' }}>{t('customerData.entryId')}</TableCell>
              <TableCell>{t('customerData.entryName')}</TableCell>
              {canEdit && (
                <TableCell sx={{ width: 56 }}>
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    {t('customerData.entryActions')}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={canEdit ? 3 : 2} data-testid="entries-empty">
                  {t('customerData.noEntries')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row, index) => {
              const problem = idProblems.get(row.key);
              const n = index + 1;
              return (
                <TableRow key={row.key} data-testid={`entry-row-${index}`}>
                  {canEdit ? (
                    <>
                      <TableCell sx={{ verticalAlign: 'top' }}>
                        <TextField
                          size="small"
                          fullWidth
                          value={row.id}
                          onChange={(event) => onChange(row.key, 'id', event.target.value)}
                          onKeyDown={(event) => onKeyDown(event, index, 'id')}
                          error={Boolean(problem)}
                          helperText={problem}
                          inputRef={register(row.key, 'id')}
                          slotProps={{
                            htmlInput: {
                              'aria-label': t('customerData.entryIdLabel', { n }),
                              'data-testid': `entry-id-${index}`,
                            },
                          }}
                        />
                      </TableCell>
                      <TableCell sx={{ verticalAlign: 'top' }}>
                        <TextField
                          size="small"
                          fullWidth
                          value={row.name}
                          onChange={(event) => onChange(row.key, 'name', event.target.value)}
                          onKeyDown={(event) => onKeyDown(event, index, 'name')}
                          inputRef={register(row.key, 'name')}
                          slotProps={{
                            htmlInput: {
                              'aria-label': t('customerData.entryNameLabel', { n }),
                              'data-testid': `entry-name-${index}`,
                            },
                          }}
                        />
                      </TableCell>
                      <TableCell sx={{ verticalAlign: 'top' }}>
                        <IconButton
                          onClick={() => remove(index)}
                          aria-label={t('customerData.deleteEntry', { n })}
                          data-testid={`entry-delete-${index}`}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </TableCell>
                    </>
                  ) : (
                    <>
                      <TableCell>{row.id}</TableCell>
                      <TableCell>{row.name}</TableCell>
                    </>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {canEdit && (
        <Button
          ref={addButton}
          startIcon={<AddIcon />}
          onClick={add}
          sx={{ mt: 1 }}
          data-testid="entry-add"
        >
          {t('customerData.addEntry')}
        </Button>
      )}
    </>
  );
}
