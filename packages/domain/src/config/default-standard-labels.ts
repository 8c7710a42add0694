import type { MessageText } from '../messages/message';

type Language = keyof MessageText;

/**
 * The default standards' descriptions and chapter titles in both languages (issue 34.6);
 * DEFAULT_STANDARDS seeds the English ones (default-standard-labels.test.ts keeps them equal). A
 * standard is data an admin can change: only a text still as shipped, in either language, is
 * shown in the reader's language, an edited one as the admin wrote it.
 */
export const DEFAULT_STANDARD_LABELS: Readonly<
  Record<string, { description: MessageText; chapters: Readonly<Record<string, MessageText>> }>
> = {
  iso9001: {
    description: {
      de: 'Qualitätsmanagementsysteme: Anforderungen für gleichbleibende Produkte und Dienstleistungen.',
      en: 'Quality management systems: requirements for consistent products and services.',
    },
    chapters: {
      '4': { de: 'Kontext der Organisation', en: 'Context of the organisation' },
      '5': { de: 'Führung', en: 'Leadership' },
      '6': { de: 'Planung', en: 'Planning' },
      '7': { de: 'Unterstützung', en: 'Support' },
      '8': { de: 'Betrieb', en: 'Operation' },
      '9': { de: 'Bewertung der Leistung', en: 'Performance evaluation' },
      '10': { de: 'Verbesserung', en: 'Improvement' },
    },
  },
  iso14001: {
    description: {
      de: 'Umweltmanagementsysteme: Umweltaspekte und bindende Verpflichtungen steuern.',
      en: 'Environmental management systems: managing environmental aspects and obligations.',
    },
    chapters: {
      '4': { de: 'Kontext der Organisation', en: 'Context of the organisation' },
      '5': { de: 'Führung', en: 'Leadership' },
      '6': {
        de: 'Planung, Umweltaspekte und bindende Verpflichtungen',
        en: 'Planning, environmental aspects and compliance obligations',
      },
      '7': { de: 'Unterstützung', en: 'Support' },
      '8': { de: 'Betrieb und Notfallvorsorge', en: 'Operation and emergency preparedness' },
      '9': { de: 'Bewertung der Leistung', en: 'Performance evaluation' },
      '10': { de: 'Verbesserung', en: 'Improvement' },
    },
  },
  iso27001: {
    description: {
      de: 'Informationssicherheits-Managementsysteme: Informationen durch Risikosteuerung schützen.',
      en: 'Information security management systems: protecting information by managing risk.',
    },
    chapters: {
      '4': { de: 'Kontext der Organisation', en: 'Context of the organisation' },
      '5': { de: 'Führung', en: 'Leadership' },
      '6': {
        de: 'Planung und Behandlung von Informationssicherheitsrisiken',
        en: 'Planning and information security risk treatment',
      },
      '7': { de: 'Unterstützung', en: 'Support' },
      '8': { de: 'Betrieb', en: 'Operation' },
      '9': { de: 'Bewertung der Leistung', en: 'Performance evaluation' },
      '10': { de: 'Verbesserung', en: 'Improvement' },
      'A.5': { de: 'Organisatorische Maßnahmen', en: 'Organisational controls' },
      'A.6': { de: 'Personenbezogene Maßnahmen', en: 'People controls' },
      'A.7': { de: 'Physische Maßnahmen', en: 'Physical controls' },
      'A.8': { de: 'Technologische Maßnahmen', en: 'Technological controls' },
    },
  },
  'eu-dsgvo': {
    description: {
      de: 'EU-Datenschutz-Grundverordnung: Verarbeitung personenbezogener Daten.',
      en: 'EU General Data Protection Regulation: processing of personal data.',
    },
    chapters: {
      '1': { de: 'Allgemeine Bestimmungen (Art. 1–4)', en: 'General provisions (Art. 1-4)' },
      '2': {
        de: 'Grundsätze der Verarbeitung (Art. 5–11)',
        en: 'Principles of processing (Art. 5-11)',
      },
      '3': {
        de: 'Rechte der betroffenen Person (Art. 12–23)',
        en: 'Rights of the data subject (Art. 12-23)',
      },
      '4': {
        de: 'Verantwortlicher und Auftragsverarbeiter (Art. 24–43)',
        en: 'Controller and processor (Art. 24-43)',
      },
      '5': {
        de: 'Übermittlungen an Drittländer (Art. 44–50)',
        en: 'Transfers to third countries (Art. 44-50)',
      },
    },
  },
  iso50001: {
    description: {
      de: 'Energiemanagementsysteme: die energiebezogene Leistung Schritt für Schritt verbessern.',
      en: 'Energy management systems: improving energy performance step by step.',
    },
    chapters: {
      '4': { de: 'Kontext der Organisation', en: 'Context of the organisation' },
      '5': { de: 'Führung', en: 'Leadership' },
      '6': {
        de: 'Planung, energetische Bewertung und energetische Ausgangsbasis',
        en: 'Planning, energy review and energy baseline',
      },
      '7': { de: 'Unterstützung', en: 'Support' },
      '8': { de: 'Betrieb, Auslegung und Beschaffung', en: 'Operation, design and procurement' },
      '9': { de: 'Bewertung der Leistung', en: 'Performance evaluation' },
      '10': { de: 'Verbesserung', en: 'Improvement' },
    },
  },
  'vda-6-3': {
    description: {
      de: 'Prozessaudit für die automobile Lieferkette, vom Projekt bis zur Kundenbetreuung.',
      en: 'Process audit for the automotive supply chain, from project to customer care.',
    },
    chapters: {
      '1': { de: 'Potenzialanalyse', en: 'Potential analysis' },
      '2': { de: 'Projektmanagement', en: 'Project management' },
      '3': {
        de: 'Planung der Produkt- und Prozessentwicklung',
        en: 'Planning of product and process development',
      },
      '4': {
        de: 'Realisierung der Produkt- und Prozessentwicklung',
        en: 'Implementation of product and process development',
      },
      '5': { de: 'Lieferantenmanagement', en: 'Supplier management' },
      '6': { de: 'Prozessanalyse Produktion', en: 'Process analysis in production' },
      '7': {
        de: 'Kundenbetreuung, Kundenzufriedenheit, Service',
        en: 'Customer care, customer satisfaction and service',
      },
    },
  },
  haccp: {
    description: {
      de: 'Lebensmittelsicherheit durch Gefahrenanalyse und Lenkung kritischer Kontrollpunkte.',
      en: 'Food safety by hazard analysis and control of critical control points.',
    },
    chapters: {
      '1': { de: 'Gefahrenanalyse durchführen', en: 'Conduct a hazard analysis' },
      '2': {
        de: 'Kritische Kontrollpunkte bestimmen',
        en: 'Determine the critical control points',
      },
      '3': { de: 'Grenzwerte festlegen', en: 'Establish critical limits' },
      '4': {
        de: 'Überwachung der Kontrollpunkte festlegen',
        en: 'Establish monitoring of the control points',
      },
      '5': { de: 'Korrekturmaßnahmen festlegen', en: 'Establish corrective actions' },
      '6': { de: 'Verifizierungsverfahren festlegen', en: 'Establish verification procedures' },
      '7': {
        de: 'Dokumentation und Aufzeichnungen festlegen',
        en: 'Establish documentation and record keeping',
      },
    },
  },
};

function shipped(label: MessageText | undefined, stored: string, language: Language): string {
  return label && (stored === label.en || stored === label.de) ? label[language] : stored;
}

/** A standard's description in the language when it is the default one, else as stored. */
export function standardDescriptionIn(standardId: string, stored: string, language: Language) {
  return shipped(DEFAULT_STANDARD_LABELS[standardId]?.description, stored, language);
}

/** A chapter's title in the language when it is the default one, else as stored. */
export function chapterDescriptionIn(
  standardId: string,
  chapterId: string,
  stored: string,
  language: Language,
): string {
  return shipped(DEFAULT_STANDARD_LABELS[standardId]?.chapters[chapterId], stored, language);
}
