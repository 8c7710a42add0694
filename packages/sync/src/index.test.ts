import { expect, it } from 'vitest';
import { isCompatibleProtocol, SYNC_PROTOCOL_VERSION } from './index';

it('accepts only the current protocol version', () => {
  expect(isCompatibleProtocol(SYNC_PROTOCOL_VERSION)).toBe(true);
  expect(isCompatibleProtocol(SYNC_PROTOCOL_VERSION + 1)).toBe(false);
  expect(isCompatibleProtocol(Number.NaN)).toBe(false);
});
