import { PROCESS_AUDIT_CATEGORIES } from './process-audit-categories';
import type { ProcessAuditCatalogue } from './process-audit-catalogue.schema';

/**
 * The pre-filled German process-audit question catalogue (SPEC section 9: categories 2 to 7,
 * each question with text and description), written for this product in its own words and
 * translated to English. Category numbers follow the usual process-audit structure so the
 * questions line up with the chapters of the VDA-6-3 standard seed. `{machineCapability}` and
 * `{longTermCapability}` are filled from the template configuration's capability limits.
 * Questions with a special risk in a supplier process audit carry `specialRisk` (the VDA 6.3
 * *-questions, issue 19); P6 is numbered by its sub-elements (6.1.x to 6.6.x).
 */
export const PROCESS_AUDIT_CATALOGUE: ProcessAuditCatalogue = [
  {
    category: PROCESS_AUDIT_CATEGORIES[0],
    questions: [
      {
        no: '2.1',
        de: {
          text: 'Hat das Projekt eine benannte Projektleitung mit den Befugnissen, die die Aufgabe verlangt?',
          description:
            'Nachweise: Projektorganigramm, Ernennung, geregelte Stellvertretung, Befugnis zur Eskalation.',
        },
        en: {
          text: 'Does the project have a named project lead with the authority the job needs?',
          description:
            'Evidence: project organisation chart, appointment, deputy arranged, authority to escalate.',
        },
      },
      {
        no: '2.2',
        de: {
          text: 'Gibt es einen verbindlichen Terminplan mit Meilensteinen, der regelmäßig mit dem Ist-Stand verglichen wird?',
          description:
            'Nachweise: Terminplan mit Meilensteinen und Quality Gates, dokumentierte Soll-Ist-Vergleiche, Maßnahmen bei Verzug.',
        },
        en: {
          text: 'Is there a binding schedule with milestones that is regularly compared with actual progress?',
          description:
            'Evidence: schedule with milestones and quality gates, recorded plan/actual comparisons, actions on delays.',
        },
      },
      {
        no: '2.3',
        de: {
          text: 'Sind Personal und Budget für das Projekt geplant, und werden Engpässe früh erkannt?',
          description:
            'Nachweise: Ressourcenplanung je Projektphase, freigegebenes Budget, Auslastungsübersicht über alle Projekte.',
        },
        en: {
          text: 'Are staff and budget planned for the project, and are bottlenecks spotted early?',
          description:
            'Evidence: resource plan per project phase, released budget, workload overview across all projects.',
        },
      },
      {
        no: '2.4',
        specialRisk: true,
        de: {
          text: 'Werden Projektrisiken systematisch ermittelt, bewertet und mit Maßnahmen verfolgt?',
          description:
            'Nachweise: Risikoliste mit Bewertung, Verantwortlichen und Terminen; regelmäßige Aktualisierung.',
        },
        en: {
          text: 'Are project risks identified, rated and followed up with actions in a systematic way?',
          description: 'Evidence: risk list with rating, owners and due dates; regular updates.',
        },
      },
      {
        no: '2.5',
        de: {
          text: 'Ist geregelt, wie Änderungen am Projekt bewertet, freigegeben und allen Beteiligten mitgeteilt werden?',
          description:
            'Nachweise: Änderungsverfahren, Änderungsprotokoll, Bewertung der Folgen für Kosten, Termine und Qualität.',
        },
        en: {
          text: 'Is it defined how changes to the project are assessed, approved and made known to everyone involved?',
          description:
            'Evidence: change procedure, change log, assessment of the effects on cost, schedule and quality.',
        },
      },
    ],
  },
  {
    category: PROCESS_AUDIT_CATEGORIES[1],
    questions: [
      {
        no: '3.1',
        de: {
          text: 'Sind alle Anforderungen an Produkt und Prozess (Kunde, Gesetz, Norm, intern) erfasst und bewertet?',
          description:
            'Nachweise: Lastenheft, Anforderungsliste, Herstellbarkeitsbewertung, offene Punkte mit Klärungstermin.',
        },
        en: {
          text: 'Have all requirements on product and process (customer, law, standards, internal) been collected and assessed?',
          description:
            'Evidence: customer specification, list of requirements, manufacturability assessment, open points with a date for clarification.',
        },
      },
      {
        no: '3.2',
        de: {
          text: 'Wurde die Machbarkeit vor Angebot oder Auftragsannahme von einem bereichsübergreifenden Team geprüft?',
          description:
            'Nachweise: Machbarkeitsstudie mit Entwicklung, Fertigung, Einkauf und Qualität; Entscheidungsprotokoll.',
        },
        en: {
          text: 'Was feasibility checked by a cross-functional team before quoting or accepting the order?',
          description:
            'Evidence: feasibility study with development, production, purchasing and quality; record of the decision.',
        },
      },
      {
        no: '3.3',
        de: {
          text: 'Sind besondere Merkmale festgelegt und in den Planungsunterlagen gekennzeichnet?',
          description:
            'Nachweise: Liste der besonderen Merkmale, Kennzeichnung in Zeichnung, Risikoanalyse und Prüfplan.',
        },
        en: {
          text: 'Are special characteristics defined and marked in the planning documents?',
          description:
            'Evidence: list of special characteristics, marking in drawings, risk analysis and inspection plan.',
        },
      },
      {
        no: '3.4',
        specialRisk: true,
        de: {
          text: 'Gibt es eine Risikoanalyse für Produkt und Prozess, die bei Änderungen fortgeschrieben wird?',
          description:
            'Nachweise: Produkt- und Prozess-FMEA, Maßnahmen mit Wirksamkeitsnachweis, Revisionsstand.',
        },
        en: {
          text: 'Is there a risk analysis of product and process that is kept up to date when things change?',
          description:
            'Evidence: product and process FMEA, actions with proof of effect, revision status.',
        },
      },
      {
        no: '3.5',
        de: {
          text: 'Sind Prüf- und Messmittel für die geplanten Prüfungen festgelegt und ist ihre Eignung nachgewiesen?',
          description:
            'Nachweise: Prüfplanung, Messsystemanalysen, Beschaffungsplan für Messmittel.',
        },
        en: {
          text: 'Are the inspection and measuring equipment for the planned checks defined, and is their suitability proven?',
          description:
            'Evidence: inspection planning, measurement system analyses, procurement plan for gauges.',
        },
      },
    ],
  },
  {
    category: PROCESS_AUDIT_CATEGORIES[2],
    questions: [
      {
        no: '4.1',
        de: {
          text: 'Werden Entwicklungsergebnisse verifiziert und validiert, bevor sie freigegeben werden?',
          description: 'Nachweise: Erprobungsplan, Versuchs- und Prüfberichte, Freigabeprotokolle.',
        },
        en: {
          text: 'Are development results verified and validated before they are released?',
          description: 'Evidence: trial plan, test and inspection reports, release records.',
        },
      },
      {
        no: '4.2',
        de: {
          text: 'Wurde die Fertigung unter Serienbedingungen erprobt (Vorserie, Produktionsversuch)?',
          description:
            'Nachweise: Bericht des Produktionsversuchs mit Serienwerkzeugen, -anlagen und -personal; Stückzahl und Ausbringung.',
        },
        en: {
          text: 'Has production been trialled under series conditions (pre-series, production trial)?',
          description:
            'Evidence: report of the production trial with series tools, equipment and staff; quantity and output.',
        },
      },
      {
        no: '4.3',
        de: {
          text: 'Sind Arbeits- und Prüfanweisungen vor Serienstart erstellt, freigegeben und am Arbeitsplatz verfügbar?',
          description:
            'Nachweise: freigegebene Anweisungen, Verteilerliste, Stichprobe am Arbeitsplatz.',
        },
        en: {
          text: 'Are work and inspection instructions written, approved and at hand at the workplace before series start?',
          description:
            'Evidence: approved instructions, distribution list, spot check at the workplace.',
        },
      },
      {
        no: '4.4',
        specialRisk: true,
        de: {
          text: 'Hat der Kunde die Produkte freigegeben, bevor in Serie geliefert wird?',
          description:
            'Nachweise: Bemusterungsunterlagen, Erstmusterprüfbericht, datierte Kundenfreigabe.',
        },
        en: {
          text: 'Has the customer approved the products before series deliveries start?',
          description:
            'Evidence: sample submission documents, initial sample inspection report, dated customer approval.',
        },
      },
      {
        no: '4.5',
        de: {
          text: 'Wurden die Mitarbeiter rechtzeitig für die neuen Produkte und Prozesse qualifiziert?',
          description: 'Nachweise: Qualifizierungsplan, Schulungsnachweise, Qualifikationsmatrix.',
        },
        en: {
          text: 'Were employees qualified for the new products and processes in good time?',
          description: 'Evidence: qualification plan, training records, skills matrix.',
        },
      },
    ],
  },
  {
    category: PROCESS_AUDIT_CATEGORIES[3],
    questions: [
      {
        no: '5.1',
        specialRisk: true,
        de: {
          text: 'Werden nur Lieferanten eingesetzt, die nach einem festgelegten Verfahren ausgewählt und freigegeben wurden?',
          description:
            'Nachweise: Auswahlkriterien, Selbstauskunft der Lieferanten, Freigabeliste, Auditberichte.',
        },
        en: {
          text: 'Are only suppliers used that were selected and approved by a defined procedure?',
          description:
            'Evidence: selection criteria, supplier self-assessment, approved supplier list, audit reports.',
        },
      },
      {
        no: '5.2',
        de: {
          text: 'Sind die Anforderungen mit den Lieferanten vollständig vereinbart und an sie weitergegeben?',
          description:
            'Nachweise: Qualitätssicherungsvereinbarung, Spezifikationen, weitergegebene Kundenanforderungen.',
        },
        en: {
          text: 'Are the requirements fully agreed with the suppliers and passed on to them?',
          description:
            'Evidence: quality agreement, specifications, customer requirements passed on.',
        },
      },
      {
        no: '5.3',
        specialRisk: true,
        de: {
          text: 'Wird die Leistung der Lieferanten regelmäßig bewertet und wird bei Abweichungen gehandelt?',
          description:
            'Nachweise: Lieferantenbewertung (Qualität, Termintreue), Eskalationsstufen, Entwicklungsprogramme.',
        },
        en: {
          text: 'Is supplier performance rated regularly, and is action taken on shortfalls?',
          description:
            'Evidence: supplier rating (quality, delivery), escalation levels, development programmes.',
        },
      },
      {
        no: '5.4',
        de: {
          text: 'Wird zugelieferte Ware beim Wareneingang nach festgelegten Kriterien geprüft oder freigegeben?',
          description:
            'Nachweise: Wareneingangsprüfplan, Prüfaufzeichnungen, Sperrbereich für nicht freigegebene Ware.',
        },
        en: {
          text: 'Are purchased goods checked or released at goods receipt by defined criteria?',
          description:
            'Evidence: incoming inspection plan, inspection records, quarantine area for unreleased goods.',
        },
      },
      {
        no: '5.5',
        de: {
          text: 'Werden Zukaufteile geschützt, gekennzeichnet und in der richtigen Reihenfolge gelagert?',
          description:
            'Nachweise: Lagerordnung, gekennzeichnete Ladungsträger, Entnahme nach FIFO, Rückverfolgbarkeit bis zur Charge.',
        },
        en: {
          text: 'Are purchased parts stored protected, labelled and used in the right order?',
          description:
            'Evidence: storage rules, labelled containers, first in first out, traceability down to the batch.',
        },
      },
    ],
  },
  {
    category: PROCESS_AUDIT_CATEGORIES[4],
    // P6 by its six sub-elements: 6.1.x process input, 6.2.x work content, 6.3.x personnel,
    // 6.4.x material resources, 6.5.x efficiency, 6.6.x process output (issue 19).
    questions: [
      {
        no: '6.1.1',
        de: {
          text: 'Ist das Projekt geordnet an die Serienfertigung übergeben, und sind offene Punkte mit Verantwortlichen und Terminen verfolgt?',
          description:
            'Nachweise: Übergabeprotokoll, Liste offener Punkte, Freigaben aus der Anlaufphase, Ansprechpartner in der Fertigung.',
        },
        en: {
          text: 'Has the project been handed over to series production in an orderly way, with open points followed up by owners and dates?',
          description:
            'Evidence: handover record, list of open points, releases from the launch phase, contacts in production.',
        },
      },
      {
        no: '6.1.2',
        de: {
          text: 'Steht das benötigte Material in der richtigen Menge und zur richtigen Zeit am Arbeitsplatz bereit?',
          description:
            'Nachweise: Materialabrufe, Bestände am Band, Kanban- oder Bereitstellungsregeln, Engpassmeldungen.',
        },
        en: {
          text: 'Is the material needed available at the workplace in the right quantity and at the right time?',
          description:
            'Evidence: material call-offs, stock at the line, kanban or supply rules, shortage reports.',
        },
      },
      {
        no: '6.1.3',
        de: {
          text: 'Gelangt nur freigegebenes und eindeutig gekennzeichnetes Material in die Fertigung?',
          description:
            'Nachweise: Freigabestatus auf den Ladungsträgern, gesperrte Ware getrennt gelagert, Entnahme nach FIFO, Restmengen gekennzeichnet.',
        },
        en: {
          text: 'Does only released and clearly labelled material reach production?',
          description:
            'Evidence: release status on the containers, blocked goods stored apart, first in first out, leftover quantities labelled.',
        },
      },
      {
        no: '6.2.1',
        de: {
          text: 'Sind die Vorgaben des Produktionslenkungsplans vollständig in Arbeits- und Prüfanweisungen umgesetzt und am Arbeitsplatz verfügbar?',
          description:
            'Nachweise: Produktionslenkungsplan, gültige Anweisungen am Arbeitsplatz, Abgleich von Revisionsständen.',
        },
        en: {
          text: 'Are the requirements of the control plan fully turned into work and inspection instructions that are at hand at the workplace?',
          description:
            'Evidence: control plan, valid instructions at the workplace, check of revision levels.',
        },
      },
      {
        no: '6.2.2',
        specialRisk: true,
        de: {
          text: 'Wird der Prozess nach dem Rüsten, nach Stillständen und nach Änderungen erst nach einer dokumentierten Freigabe fortgesetzt?',
          description:
            'Nachweise: Erstteilfreigaben, Freigabekriterien, Aufzeichnungen mit Datum und Namen, Umgang mit Teilen vor der Freigabe.',
        },
        en: {
          text: 'Is the process resumed after set-up, standstills and changes only after a recorded release?',
          description:
            'Evidence: first-part releases, release criteria, records with date and name, handling of parts made before the release.',
        },
      },
      {
        no: '6.2.3',
        de: {
          text: 'Werden die Prüfungen des Prüfplans vollständig durchgeführt und aufgezeichnet, besondere Merkmale eingeschlossen?',
          description:
            'Nachweise: Prüfplan, Prüfaufzeichnungen, Regelkarten, Reaktion bei Erreichen der Eingriffsgrenzen.',
        },
        en: {
          text: 'Are the checks of the inspection plan carried out in full and recorded, special characteristics included?',
          description:
            'Evidence: inspection plan, inspection records, control charts, reaction when control limits are reached.',
        },
      },
      {
        no: '6.2.4',
        specialRisk: true,
        de: {
          text: 'Werden fehlerhafte Teile sicher erkannt, gekennzeichnet und getrennt, und werden ihre Ursachen abgestellt?',
          description:
            'Nachweise: Sperrkennzeichnung, Sperrlager, Nacharbeitsanweisungen, Fehlersammelkarten, Ursachenanalysen.',
        },
        en: {
          text: 'Are nonconforming parts reliably detected, marked and segregated, and are their causes removed?',
          description:
            'Evidence: hold tags, quarantine store, rework instructions, defect tally sheets, root cause analyses.',
        },
      },
      {
        no: '6.3.1',
        de: {
          text: 'Sind die Mitarbeiter für ihre Tätigkeit qualifiziert und kennen sie die Qualitätsanforderungen ihres Arbeitsplatzes?',
          description:
            'Nachweise: Qualifikationsmatrix, Einarbeitungsnachweise, Befragung am Arbeitsplatz.',
        },
        en: {
          text: 'Are employees qualified for their tasks, and do they know the quality requirements of their workplace?',
          description: 'Evidence: skills matrix, induction records, interviews at the workplace.',
        },
      },
      {
        no: '6.3.2',
        de: {
          text: 'Kennen die Mitarbeiter ihre Verantwortung und Befugnisse, etwa den Prozess bei Qualitätsproblemen anzuhalten?',
          description:
            'Nachweise: Stellen- oder Tätigkeitsbeschreibungen, Eskalationsregeln, Befragung zu Stopp- und Meldewegen.',
        },
        en: {
          text: 'Do employees know their responsibilities and authority, for instance to stop the process on quality problems?',
          description:
            'Evidence: job or task descriptions, escalation rules, interviews on how to stop and report.',
        },
      },
      {
        no: '6.3.3',
        de: {
          text: 'Ist die Personalplanung über alle Schichten gesichert, mit qualifizierten Vertretungen bei Ausfall?',
          description:
            'Nachweise: Schichtpläne, Vertretungsregeln, Einsatz von Leihpersonal nur nach Einweisung.',
        },
        en: {
          text: 'Is staffing secured across all shifts, with qualified stand-ins when someone is absent?',
          description:
            'Evidence: shift plans, deputy rules, temporary staff deployed only after instruction.',
        },
      },
      {
        no: '6.4.1',
        de: {
          text: 'Werden Anlagen und Werkzeuge vorbeugend instand gehalten?',
          description:
            'Nachweise: Wartungsplan, Wartungsnachweise, Standmengen der Werkzeuge, verfügbare Ersatzteile.',
        },
        en: {
          text: 'Are equipment and tools maintained preventively?',
          description:
            'Evidence: maintenance plan, maintenance records, tool life counts, spare parts at hand.',
        },
      },
      {
        no: '6.4.2',
        specialRisk: true,
        de: {
          text: 'Ist für besondere Merkmale die Fähigkeit nachgewiesen: Maschinen über {machineCapability}, Prozess langfristig über {longTermCapability}?',
          description:
            'Nachweise: Maschinen- und Prozessfähigkeitsuntersuchungen, Maßnahmen bei Unterschreitung, 100-%-Prüfung als Übergangslösung.',
        },
        en: {
          text: 'Is capability proven for special characteristics: machines above {machineCapability}, the process long-term above {longTermCapability}?',
          description:
            'Evidence: machine and process capability studies, actions when values fall short, 100 % inspection as a stopgap.',
        },
      },
      {
        no: '6.4.3',
        de: {
          text: 'Sind Prüf- und Messmittel am Arbeitsplatz geeignet, kalibriert und gegen Beschädigung geschützt?',
          description:
            'Nachweise: Prüfmittelverwaltung, Kalibrierstatus am Messmittel, Messsystemanalysen, Vorgehen bei ausgefallenen Messmitteln.',
        },
        en: {
          text: 'Are inspection and measuring equipment at the workplace suitable, calibrated and protected from damage?',
          description:
            'Evidence: gauge management, calibration status on the gauge, measurement system analyses, steps when a gauge fails.',
        },
      },
      {
        no: '6.4.4',
        de: {
          text: 'Sind Arbeitsplätze, Lager- und Transportflächen sauber, geordnet und für das Produkt geeignet?',
          description:
            'Nachweise: Ordnung und Sauberkeit vor Ort, festgelegte Stellflächen, Umgebungsbedingungen wie Temperatur und Sauberkeit, geeignete Ladungsträger.',
        },
        en: {
          text: 'Are workplaces, storage and transport areas clean, orderly and suited to the product?',
          description:
            'Evidence: order and cleanliness on site, marked floor areas, ambient conditions such as temperature and cleanliness, suitable containers.',
        },
      },
      {
        no: '6.5.1',
        de: {
          text: 'Gibt es für den Prozess Ziele zu Qualität, Ausbringung und Ausschuss, und werden sie regelmäßig verfolgt?',
          description:
            'Nachweise: Kennzahlen an der Linie, Zielvereinbarungen, Besprechungsprotokolle zu Abweichungen.',
        },
        en: {
          text: 'Are there targets for quality, output and scrap of the process, and are they tracked regularly?',
          description:
            'Evidence: figures at the line, agreed targets, minutes of meetings on deviations.',
        },
      },
      {
        no: '6.5.2',
        de: {
          text: 'Werden Qualitäts- und Prozessdaten ausgewertet und daraus Verbesserungen abgeleitet?',
          description:
            'Nachweise: Fehler- und Stillstandsauswertungen, Pareto-Analysen, Verbesserungsprojekte mit Ergebnis.',
        },
        en: {
          text: 'Are quality and process data analysed, and are improvements derived from them?',
          description:
            'Evidence: analyses of defects and downtimes, Pareto charts, improvement projects with their results.',
        },
      },
      {
        no: '6.5.3',
        de: {
          text: 'Werden Produkt- und Prozessaudits regelmäßig durchgeführt und ihre Maßnahmen auf Wirksamkeit geprüft?',
          description:
            'Nachweise: Auditprogramm, Auditberichte, Maßnahmenverfolgung mit Wirksamkeitsnachweis.',
        },
        en: {
          text: 'Are product and process audits carried out regularly, and are their actions checked for effect?',
          description:
            'Evidence: audit programme, audit reports, action tracking with proof of effect.',
        },
      },
      {
        no: '6.6.1',
        specialRisk: true,
        de: {
          text: 'Lassen sich Produkte über die gesamte Prozesskette zurückverfolgen?',
          description:
            'Nachweise: Chargen- oder Seriennummern, Verknüpfung mit Prozess- und Prüfdaten, Probelauf einer Rückverfolgung.',
        },
        en: {
          text: 'Can products be traced through the whole process chain?',
          description:
            'Evidence: batch or serial numbers, link to process and test data, a trial run of a trace.',
        },
      },
      {
        no: '6.6.2',
        de: {
          text: 'Sind fertige Produkte bei Handhabung, Verpackung und Lagerung bis zum Versand vor Schäden und Verwechslung geschützt?',
          description:
            'Nachweise: Verpackungsvorschriften, Kennzeichnung der Ladungsträger, Lagerbedingungen, Stichprobe im Versand.',
        },
        en: {
          text: 'Are finished products protected from damage and mix-ups in handling, packaging and storage until shipping?',
          description:
            'Evidence: packaging rules, labelling of containers, storage conditions, spot check at shipping.',
        },
      },
      {
        no: '6.6.3',
        de: {
          text: 'Werden nur Produkte versandt, die alle vorgeschriebenen Prüfungen bestanden haben, und wird die vereinbarte Menge termingerecht erreicht?',
          description:
            'Nachweise: Endprüfung und Versandfreigabe, Requalifikationsprüfungen, Liefertermintreue, Sonderfahrten.',
        },
        en: {
          text: 'Are only products shipped that passed every required check, and is the agreed quantity reached on time?',
          description:
            'Evidence: final inspection and shipping release, requalification tests, on-time delivery, special freight.',
        },
      },
    ],
  },
  {
    category: PROCESS_AUDIT_CATEGORIES[5],
    questions: [
      {
        no: '7.1',
        de: {
          text: 'Sind die Anforderungen des Kunden an Lieferung, Verpackung und Kennzeichnung bekannt und werden sie erfüllt?',
          description:
            'Nachweise: Liefervereinbarungen, Verpackungsvorschriften, Lieferkennzahlen.',
        },
        en: {
          text: "Are the customer's requirements on delivery, packaging and labelling known and met?",
          description: 'Evidence: delivery agreements, packaging rules, delivery figures.',
        },
      },
      {
        no: '7.2',
        specialRisk: true,
        de: {
          text: 'Werden Reklamationen des Kunden zügig bearbeitet und mit einer strukturierten Methode abgestellt?',
          description:
            'Nachweise: Reklamationsliste mit Bearbeitungszeiten, 8D-Berichte, Wirksamkeitsprüfung.',
        },
        en: {
          text: 'Are customer complaints handled promptly and resolved with a structured method?',
          description:
            'Evidence: complaint list with lead times, 8D reports, effectiveness checks.',
        },
      },
      {
        no: '7.3',
        de: {
          text: 'Wird die Zufriedenheit des Kunden regelmäßig ermittelt und ausgewertet?',
          description:
            'Nachweise: Kundenbewertungen, Lieferantenbewertung durch den Kunden, abgeleitete Maßnahmen.',
        },
        en: {
          text: 'Is customer satisfaction measured and analysed regularly?',
          description:
            'Evidence: customer scorecards, supplier rating by the customer, actions derived from them.',
        },
      },
      {
        no: '7.4',
        de: {
          text: 'Ist die Versorgung mit Ersatzteilen und Service nach dem Serienende geregelt?',
          description:
            'Nachweise: Ersatzteilvereinbarung, Lagerhaltung, Aufbewahrung von Werkzeugen und Unterlagen.',
        },
        en: {
          text: 'Is the supply of spare parts and service after the end of series arranged?',
          description:
            'Evidence: spare parts agreement, stock keeping, storage of tools and documents.',
        },
      },
      {
        no: '7.5',
        de: {
          text: 'Werden Rückläufer und Feldausfälle analysiert und die Erkenntnisse in laufende und neue Projekte übertragen?',
          description:
            'Nachweise: Schadteilanalysen, Lessons Learned, fortgeschriebene FMEA und Prüfpläne.',
        },
        en: {
          text: 'Are returned parts and field failures analysed, and are the lessons carried into current and new projects?',
          description:
            'Evidence: analyses of failed parts, lessons learned, updated FMEA and inspection plans.',
        },
      },
    ],
  },
];
