// Stage 4 of loadDomain: the command registry.
export { domainCommandRegistry } from '@qa/domain';
