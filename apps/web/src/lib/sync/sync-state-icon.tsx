import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudQueueIcon from '@mui/icons-material/CloudQueue';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import OfflinePinIcon from '@mui/icons-material/OfflinePin';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncState } from './sync-types';
import { LazyTooltip } from '../../components/tooltip/lazy-tooltip';

export type { SyncState } from './sync-types';

const ICONS: Record<
  SyncState,
  { Icon: ComponentType<SvgIconProps>; color: SvgIconProps['color'] }
> = {
  sync: { Icon: CloudDoneIcon, color: 'success' },
  cached: { Icon: OfflinePinIcon, color: 'action' },
  unsync: { Icon: CloudUploadIcon, color: 'info' },
  unsaved: { Icon: CloudQueueIcon, color: 'warning' },
};

const LABEL_KEYS: Record<SyncState, string> = {
  sync: 'sync.state.sync',
  cached: 'sync.state.cached',
  unsync: 'sync.state.unsync',
  unsaved: 'sync.state.unsaved',
};

/** SPEC section 4 "Document sync state" as an icon with a tooltip, named for screen readers. */
export function SyncStateIcon({
  state,
  size = 'small',
}: {
  state: SyncState;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const { Icon, color } = ICONS[state];
  const label = t(LABEL_KEYS[state]);
  return (
    <LazyTooltip title={label}>
      <Icon
        role="img"
        aria-hidden={false}
        aria-label={label}
        fontSize={size}
        color={color}
        data-sync-state={state}
      />
    </LazyTooltip>
  );
}
