import type { Standard } from '../entities/standard.schema';

/**
 * The seven standards a new installation is seeded with (SPEC section 9; 'iso9001' is the
 * default). Chapters are the top-level structure of each standard with short descriptions in
 * our own words. The spec's "EU-DGSVO" is spelled correctly here (DSGVO = GDPR).
 */
export const DEFAULT_STANDARDS: readonly Standard[] = [
  {
    id: 'iso9001',
    name: 'ISO9001',
    description: 'Quality management systems: requirements for consistent products and services.',
    chapters: [
      { id: '4', description: 'Context of the organisation' },
      { id: '5', description: 'Leadership' },
      { id: '6', description: 'Planning' },
      { id: '7', description: 'Support' },
      { id: '8', description: 'Operation' },
      { id: '9', description: 'Performance evaluation' },
      { id: '10', description: 'Improvement' },
    ],
  },
  {
    id: 'iso14001',
    name: 'ISO14001',
    description:
      'Environmental management systems: managing environmental aspects and obligations.',
    chapters: [
      { id: '4', description: 'Context of the organisation' },
      { id: '5', description: 'Leadership' },
      { id: '6', description: 'Planning, environmental aspects and compliance obligations' },
      { id: '7', description: 'Support' },
      { id: '8', description: 'Operation and emergency preparedness' },
      { id: '9', description: 'Performance evaluation' },
      { id: '10', description: 'Improvement' },
    ],
  },
  {
    id: 'iso27001',
    name: 'ISO27001',
    description:
      'Information security management systems: protecting information by managing risk.',
    chapters: [
      { id: '4', description: 'Context of the organisation' },
      { id: '5', description: 'Leadership' },
      { id: '6', description: 'Planning and information security risk treatment' },
      { id: '7', description: 'Support' },
      { id: '8', description: 'Operation' },
      { id: '9', description: 'Performance evaluation' },
      { id: '10', description: 'Improvement' },
      { id: 'A.5', description: 'Organisational controls' },
      { id: 'A.6', description: 'People controls' },
      { id: 'A.7', description: 'Physical controls' },
      { id: 'A.8', description: 'Technological controls' },
    ],
  },
  {
    id: 'eu-dsgvo',
    name: 'EU-DSGVO',
    description: 'EU General Data Protection Regulation: processing of personal data.',
    chapters: [
      { id: '1', description: 'General provisions (Art. 1-4)' },
      { id: '2', description: 'Principles of processing (Art. 5-11)' },
      { id: '3', description: 'Rights of the data subject (Art. 12-23)' },
      { id: '4', description: 'Controller and processor (Art. 24-43)' },
      { id: '5', description: 'Transfers to third countries (Art. 44-50)' },
    ],
  },
  {
    id: 'iso50001',
    name: 'ISO50001',
    description: 'Energy management systems: improving energy performance step by step.',
    chapters: [
      { id: '4', description: 'Context of the organisation' },
      { id: '5', description: 'Leadership' },
      { id: '6', description: 'Planning, energy review and energy baseline' },
      { id: '7', description: 'Support' },
      { id: '8', description: 'Operation, design and procurement' },
      { id: '9', description: 'Performance evaluation' },
      { id: '10', description: 'Improvement' },
    ],
  },
  {
    id: 'vda-6-3',
    name: 'VDA-6-3',
    description: 'Process audit for the automotive supply chain, from project to customer care.',
    chapters: [
      { id: '1', description: 'Potential analysis' },
      { id: '2', description: 'Project management' },
      { id: '3', description: 'Planning of product and process development' },
      { id: '4', description: 'Implementation of product and process development' },
      { id: '5', description: 'Supplier management' },
      { id: '6', description: 'Process analysis in production' },
      { id: '7', description: 'Customer care, customer satisfaction and service' },
    ],
  },
  {
    id: 'haccp',
    name: 'HACCP',
    description: 'Food safety by hazard analysis and control of critical control points.',
    chapters: [
      { id: '1', description: 'Conduct a hazard analysis' },
      { id: '2', description: 'Determine the critical control points' },
      { id: '3', description: 'Establish critical limits' },
      { id: '4', description: 'Establish monitoring of the control points' },
      { id: '5', description: 'Establish corrective actions' },
      { id: '6', description: 'Establish verification procedures' },
      { id: '7', description: 'Establish documentation and record keeping' },
    ],
  },
];

export * from './default-standard-labels';
