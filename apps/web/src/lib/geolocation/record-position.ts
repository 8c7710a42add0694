import type { Geolocation } from '@qa/domain';

/** Why no position came: the user or browser refused, the device has none, or it took too long. */
export type PositionFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export type PositionResult =
  { ok: true; position: Geolocation } | { ok: false; reason: PositionFailure };

/** Long enough for a GPS fix in a hall, short enough that nobody waits for nothing. */
export const POSITION_TIMEOUT_MS = 20_000;
/** A position of the last minute is as good as a new one for a finding. */
const POSITION_MAX_AGE_MS = 60_000;

/**
 * The device's position for a finding (issue 11.4): latitude, longitude, accuracy in metres and
 * the time it was measured. Never throws: a refusal or a device without position is a reason
 * the dialog shows, and the finding still saves without one.
 */
export function recordPosition(
  geolocation: Pick<globalThis.Geolocation, 'getCurrentPosition'> | undefined = globalThis.navigator
    ?.geolocation,
): Promise<PositionResult> {
  if (!geolocation) return Promise.resolve({ ok: false, reason: 'unsupported' });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          ok: true,
          position: {
            latitude: position.coords.latitude,
            longitude: position.coords.longitude,
            accuracy: Math.round(position.coords.accuracy * 10) / 10,
            at: new Date(position.timestamp).toISOString(),
          },
        }),
      (error) =>
        resolve({
          ok: false,
          reason:
            error.code === error.PERMISSION_DENIED
              ? 'denied'
              : error.code === error.TIMEOUT
                ? 'timeout'
                : 'unavailable',
        }),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: POSITION_MAX_AGE_MS },
    );
  });
}

/** A link that opens the position on a map (OpenStreetMap: no account, no key). */
export function mapLink({ latitude, longitude }: Geolocation): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}

/**
 * "48.137154, 11.575382": decimal degrees with a point in both languages, as map services show
 * and take them (a German decimal comma would be read as the separator).
 */
export function formatCoordinates({ latitude, longitude }: Geolocation): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}
