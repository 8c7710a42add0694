// The command registry, loaded when first needed (loadCommandRegistry).
export { domainCommandRegistry } from '@qa/domain';
