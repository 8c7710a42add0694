/**
 * The categories of the process-audit catalogue (SPEC section 9: 2 to 7, the process elements of
 * a VDA 6.3 process audit), on their own: the default categories of the configuration need them
 * on every screen, the catalogue's questions only where a template or an audit is filled from
 * it, so the questions stay out of a first load (issue 18).
 */
export const PROCESS_AUDIT_CATEGORIES = [
  { id: '2', de: 'Projektsteuerung', en: 'Project control' },
  { id: '3', de: 'Planung von Produkt und Prozess', en: 'Planning of product and process' },
  { id: '4', de: 'Realisierung von Produkt und Prozess', en: 'Realisation of product and process' },
  { id: '5', de: 'Steuerung der Lieferanten', en: 'Supplier control' },
  { id: '6', de: 'Serienproduktion', en: 'Series production' },
  { id: '7', de: 'Kundenbetreuung und Service', en: 'Customer care and service' },
] as const satisfies readonly { id: string; de: string; en: string }[];
