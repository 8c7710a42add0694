import { expect, it } from 'vitest';
import * as sync from './index';
import { isCompatibleProtocol, SYNC_PROTOCOL_VERSION } from './index';

it('accepts only the current protocol version', () => {
  expect(isCompatibleProtocol(SYNC_PROTOCOL_VERSION)).toBe(true);
  expect(isCompatibleProtocol(SYNC_PROTOCOL_VERSION + 1)).toBe(false);
  expect(isCompatibleProtocol(Number.NaN)).toBe(false);
});

it('exports the public surface from the package entry', () => {
  for (const name of [
    'applyOps',
    'applyOpsToDocument',
    'getAtPath',
    'opSchema',
    'replicatedDocumentSchema',
    'querySchema',
    'matchesQuery',
    'runQuery',
    'parseClientMessage',
    'parseServerMessage',
  ]) {
    expect(sync).toHaveProperty(name);
  }
});
