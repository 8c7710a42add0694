/**
 * The replicated collections' names, in a module without schemas. A first screen that only
 * needs a name (a query, a subscription) must not evaluate the zod schemas of the modules that
 * also define the collection's documents: the bundler keeps every top-level schema of a module
 * it takes anything from. The defining modules re-export their names from here.
 */
export const AUDITS_COLLECTION = 'audits';
export const AUDIT_ITEMS_COLLECTION = 'audit_items';
export const STANDARDS_COLLECTION = 'standards';
export const TEMPLATES_COLLECTION = 'templates';
export const TEMPLATE_ITEMS_COLLECTION = 'template_items';
export const CONFIGURATION_COLLECTION = 'configuration';
export const AUTOCOMPLETION_COLLECTION = 'autocompletion';
export const ACTIVITIES_COLLECTION = 'activities';
export const PEOPLE_COLLECTION = 'people';
export const PERSON_EMAILS_COLLECTION = 'person_emails';
export const ROLES_COLLECTION = 'roles';
export const MEASURES_COLLECTION = 'measures';
export const FAVORITES_COLLECTION = 'favorites';
