import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useOnlineStatus } from '../../lib/online/use-online-status';
import type { PersonView } from '../people/use-people';
import {
  avatarDatabase,
  avatarExtensions,
  flushPendingAvatars,
  keepPendingAvatar,
  pendingBlob,
  prepareAvatar,
  sendAvatar,
} from './avatar-upload';
import { PeopleNetworkError, errorText, peopleApi } from './people-api';
import { PersonAvatar } from './user-shared';

/**
 * The profile's picture (issue 15.3): an image file by the configured extension rules,
 * downscaled like a photo, uploaded and set on the person. Offline (or with the server out of
 * reach) it waits on this device and is sent once online; the field says so and shows it.
 */
export function AvatarField({
  person,
  self,
  editable,
}: {
  person: PersonView;
  self: boolean;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const { show } = useSnackbar();
  const online = useOnlineStatus();
  const appConfig = useConfigSegment('app');
  const rules = appConfig.attachments;
  const [pending, setPending] = useState<Blob | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => {
    try {
      return pending ? URL.createObjectURL(pending) : null;
    } catch {
      return null;
    }
  }, [pending]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const readPending = useCallback(async () => {
    const db = avatarDatabase();
    const waiting = db ? await db.pending.get(person.id) : undefined;
    setPending(waiting ? pendingBlob(waiting) : null);
  }, [person.id]);

  // Waiting pictures go up when this page opens online and whenever the network comes back.
  useEffect(() => {
    const db = avatarDatabase();
    if (!db) return;
    let cancelled = false;
    const flush = async () => {
      if (!navigator.onLine) return;
      const { sent, refused } = await flushPendingAvatars(db).catch((error: unknown) => {
        console.warn('sending waiting avatars failed', error);
        return { sent: [] as string[], refused: [] };
      });
      if (cancelled) return;
      if (sent.includes(person.id)) {
        show({ type: 'success', message: translate({ key: 'success.userUpdated' }) });
      }
      const mine = refused.find((entry) => entry.personId === person.id);
      if (mine) show({ type: 'error', message: errorText(t, mine.error) });
      await readPending();
    };
    void readPending().then(flush);
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => {
      cancelled = true;
      window.removeEventListener('online', onOnline);
    };
  }, [person.id, readPending, show, t, translate]);

  async function choose(file: File) {
    setProblem(null);
    setBusy(true);
    try {
      const prepared = await prepareAvatar(file, rules);
      if (!prepared.ok) {
        setProblem(translate(prepared.message));
        return;
      }
      const avatar = { personId: person.id, self, name: prepared.name, blob: prepared.blob };
      const keep = async () => {
        const db = avatarDatabase();
        if (!db) {
          setProblem(t('users.avatar.noStorage'));
          return;
        }
        await keepPendingAvatar(db, avatar);
        setPending(prepared.blob);
      };
      if (!navigator.onLine) {
        await keep();
        return;
      }
      try {
        await sendAvatar(avatar);
        const db = avatarDatabase();
        if (db) await db.pending.delete(person.id);
        setPending(null);
        show({ type: 'success', message: translate({ key: 'success.userUpdated' }) });
      } catch (error) {
        if (error instanceof PeopleNetworkError) await keep();
        else setProblem(errorText(t, error));
      }
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setProblem(null);
    setBusy(true);
    try {
      if (self) await peopleApi.updateMe({ avatar: null });
      else await peopleApi.update(person.id, { avatar: null });
      show({ type: 'success', message: translate({ key: 'success.userUpdated' }) });
    } catch (error) {
      setProblem(errorText(t, error));
    } finally {
      setBusy(false);
    }
  }

  const accept = avatarExtensions(rules.allowedExtensions)
    .map((extension) => `.${extension}`)
    .join(',');

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <Box sx={{ position: 'relative', width: 96, height: 96 }}>
        <PersonAvatar name={person.displayName} src={preview ?? person.avatar} size={96} />
        {busy && (
          <CircularProgress
            size={104}
            aria-label={t('users.avatar.sending')}
            sx={{ position: 'absolute', top: -4, left: -4 }}
          />
        )}
      </Box>
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        {editable && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => fileInput.current?.click()}
              data-testid="user-avatar-choose"
              sx={{ minHeight: 44 }}
            >
              {t('users.avatar.choose')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={accept}
              data-testid="user-avatar-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void choose(file);
              }}
            />
            {person.avatar && (
              <Button
                onClick={() => void remove()}
                disabled={busy || !online}
                data-testid="user-avatar-remove"
                sx={{ minHeight: 44 }}
              >
                {t('users.avatar.remove')}
              </Button>
            )}
          </Stack>
        )}
        {editable && (
          <Typography variant="body2" color="text.secondary">
            {t('users.avatar.hint', { types: accept.replaceAll('.', '').replaceAll(',', ', ') })}
          </Typography>
        )}
        {pending && (
          <Alert severity="info" data-testid="user-avatar-pending">
            {t('users.avatar.pending')}
          </Alert>
        )}
        {problem && (
          <Alert severity="error" data-testid="user-avatar-error">
            {problem}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}
