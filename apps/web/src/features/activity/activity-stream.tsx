import CheckIcon from '@mui/icons-material/Check';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  activityObjectKind,
  activitySentenceParts,
  AUDITS_COLLECTION,
  formatActivitySentence,
  type Activity,
} from '@qa/domain';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useRightDrawer } from '../../components/shell/right-drawer-provider';
import { initialsOf } from '../../components/shell/initials';
import { formatDate } from '../../lib/i18n/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { useCommand } from '../../lib/sync/use-command';
import { useDocument } from '../../lib/sync/use-document';
import {
  auditIdOf,
  burstsOf,
  groupActivities,
  relativeTime,
  type ActivityGroup,
} from './activity-groups';
import { useUnreadActivities } from './activity-stream-query';

const GROUP_LABEL_KEYS: Record<ActivityGroup, string> = {
  today: 'activities.groups.today',
  yesterday: 'activities.groups.yesterday',
  lastWeek: 'activities.groups.lastWeek',
  older: 'activities.groups.older',
};

/** The relative times ("5 minutes ago") move on once a minute while the drawer is open. */
const TICK_MS = 60_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Only a path of this app becomes a link; anything else stays text. */
const isAppPath = (url: string) => /^\/(?![/\\])/.test(url);

/**
 * The activity stream in the right drawer (SPEC section 2 "Right drawer", issue 12): the
 * person's unread activities grouped Today, Yesterday, Last week, Older, each with the actor,
 * the sentence with its object as a link, the relative time and a check to mark it read; "Mark
 * all as read" above. Marking is a command: offline it applies here at once and syncs later.
 */
export function ActivityStream() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { activities, loading } = useUnreadActivities();
  const command = useCommand();
  const now = useNow();
  const listRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const markRead = (ids: string[]) => {
    // Rejections are told by the sync provider's snackbar; nothing more to do here.
    command('activity.markRead', { ids }).catch((error: unknown) => console.warn(error));
  };

  const markOne = (burst: Activity[]) => {
    // The item leaves the list: keyboard focus goes on to the next item's check (or the
    // previous one's at the end), else to the list's heading, never to the page behind.
    const checks = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-mark-read]') ?? [])];
    const index = checks.findIndex((element) => element.dataset.markRead === burst[0]!.id);
    const next = checks[index + 1] ?? checks[index - 1];
    // A burst is read as a whole: every entry it stands for.
    markRead(burst.map((activity) => activity.id));
    if (next) next.focus();
    else listRef.current?.focus();
  };

  if (activities.length === 0) {
    return (
      <Box
        ref={listRef}
        tabIndex={-1}
        sx={{ outline: 'none', py: 2 }}
        data-testid="activity-stream"
      >
        {loading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <CircularProgress aria-label={t('activities.loading')} />
          </Box>
        ) : (
          <>
            <Typography component="p" variant="subtitle1" data-testid="activity-empty">
              {t('activities.empty')}
            </Typography>
            <Typography color="text.secondary">{t('activities.emptyHint')}</Typography>
          </>
        )}
      </Box>
    );
  }

  return (
    <Box
      ref={listRef}
      tabIndex={-1}
      sx={{ outline: 'none' }}
      aria-labelledby={headingId}
      role="region"
      data-testid="activity-stream"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} sx={{ flex: 1 }} color="text.secondary">
          {t('activities.unread', { count: activities.length })}
        </Typography>
        <Button
          startIcon={<DoneAllIcon />}
          onClick={() => {
            markRead(activities.map((activity) => activity.id));
            listRef.current?.focus();
          }}
        >
          {t('activities.markAllRead')}
        </Button>
      </Box>
      {groupActivities(activities, now).map(({ group, activities: items }) => (
        <ActivityGroupSection key={group} label={t(GROUP_LABEL_KEYS[group])}>
          {burstsOf(items).map((burst) => (
            <ActivityItem
              key={burst[0]!.id}
              burst={burst}
              now={now}
              language={language}
              onMarkRead={() => markOne(burst)}
            />
          ))}
        </ActivityGroupSection>
      ))}
    </Box>
  );
}

function ActivityGroupSection({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 1 }}>
      <Typography id={id} component="h3" variant="overline" color="text.secondary">
        {label}
      </Typography>
      <List disablePadding>{children}</List>
    </Box>
  );
}

/**
 * The audit an entry happened in, unless the entry names it already (an audit's own entries):
 * a question's text alone does not say which of the day's audits it was.
 */
function AuditName({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const auditId = activityObjectKind(activity) === 'audit' ? null : auditIdOf(activity);
  const name = useDocument(AUDITS_COLLECTION, auditId ?? undefined).document?.data.name;
  if (typeof name !== 'string' || name === '') return null;
  return <span data-testid="activity-audit"> · {t('activities.inAudit', { name })}</span>;
}

/** An entry of the stream: one activity, or a burst of them under its newest (burstsOf). */
function ActivityItem({
  burst,
  now,
  language,
  onMarkRead,
}: {
  burst: Activity[];
  now: Date;
  language: 'de' | 'en';
  onMarkRead: () => void;
}) {
  const { t } = useTranslation();
  const drawer = useRightDrawer();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const activity = burst[0]!;
  const more = burst.length - 1;
  const sentence = formatActivitySentence(activity, language);
  const parts = activitySentenceParts(activity, language);
  return (
    <ListItem
      alignItems="flex-start"
      disableGutters
      data-testid="activity-item"
      secondaryAction={
        <IconButton
          edge="end"
          aria-label={
            more === 0
              ? t('activities.markRead', { sentence })
              : t('activities.markBurstRead', { sentence, count: more })
          }
          data-mark-read={activity.id}
          onClick={onMarkRead}
        >
          <CheckIcon />
        </IconButton>
      }
      sx={{ pr: 7 }}
    >
      <ListItemAvatar>
        <Avatar
          src={activity.avatar ?? undefined}
          alt=""
          sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
        >
          {initialsOf(activity.actor_name)}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={parts.map((part, index) => {
          if ('text' in part) return <span key={index}>{part.text}</span>;
          if (part.param === 'actor') return <strong key={index}>{part.value}</strong>;
          if (part.param === 'object' && isAppPath(activity.object_url)) {
            return (
              <Link
                key={index}
                component={RouterLink}
                to={activity.object_url}
                onClick={() => drawer.close()}
              >
                {part.value}
              </Link>
            );
          }
          return <span key={index}>{part.value}</span>;
        })}
        slotProps={{ secondary: { component: 'div' } }}
        secondary={
          <>
            <time
              dateTime={activity.timestamp}
              title={formatDate(activity.timestamp, language, {
                dateStyle: 'full',
                timeStyle: 'short',
              })}
            >
              {relativeTime(activity.timestamp, now, language)}
            </time>
            <AuditName activity={activity} />
            {more > 0 && (
              <Box>
                <Button
                  size="small"
                  aria-expanded={expanded}
                  aria-controls={listId}
                  onClick={() => setExpanded((value) => !value)}
                  data-testid="activity-more"
                  sx={{ px: 0 }}
                >
                  {t('activities.more', { count: more })}
                </Button>
                <Box component="ul" id={listId} hidden={!expanded} sx={{ m: 0, pl: 2 }}>
                  {expanded &&
                    burst
                      .slice(1)
                      .map((entry) => (
                        <li key={entry.id}>{formatActivitySentence(entry, language)}</li>
                      ))}
                </Box>
              </Box>
            )}
          </>
        }
      />
    </ListItem>
  );
}
