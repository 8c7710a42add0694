// Stage 5 of loadDomain: the configuration's segments and defaults.
export { DEFAULT_CONFIGURATION } from '@qa/domain';
