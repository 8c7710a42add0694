import robotoExt400 from '@fontsource/roboto/files/roboto-latin-ext-400-normal.woff?url';
import robotoExt700 from '@fontsource/roboto/files/roboto-latin-ext-700-normal.woff?url';
import roboto400 from '@fontsource/roboto/files/roboto-latin-400-normal.woff?url';
import roboto700 from '@fontsource/roboto/files/roboto-latin-700-normal.woff?url';
import { Document, Font, Image, Page, StyleSheet, Text, View, pdf } from '@react-pdf/renderer';
import { runsOf, type ReportPdfData, type VdaPdfData, type VdaPdfRow } from './report-pdf-data';
import { groupedHash, type ReportPhoto } from './report-photos';

/**
 * The PDF report (issue 13), made in the browser so it works offline: react-pdf in this chunk,
 * loaded when a report is asked for. The fonts are the app's Roboto files (bundled, so the
 * service worker keeps them): Latin for German (ä, ö, ü, ß), Latin Extended behind it for names
 * like Kraków's neighbours (ł, ś).
 */
Font.register({
  family: 'Roboto',
  fonts: [
    { src: roboto400, fontWeight: 400 },
    { src: roboto700, fontWeight: 700 },
  ],
});
Font.register({
  family: 'RobotoExt',
  fonts: [
    { src: robotoExt400, fontWeight: 400 },
    { src: robotoExt700, fontWeight: 700 },
  ],
});
// Words stay whole: German compounds broken by an English hyphenation read wrong.
Font.registerHyphenationCallback((word) => [word]);

const TEAL = '#00796b';
const GREY = '#616161';
/** The VDA traffic lights; each is printed with its name too, so it reads in black and white. */
const TRAFFIC_LIGHT = { green: '#2e7d32', yellow: '#f9a825', red: '#c62828' } as const;

const styles = StyleSheet.create({
  page: {
    fontFamily: ['Roboto', 'RobotoExt'],
    fontSize: 10,
    paddingTop: 40,
    paddingBottom: 56,
    paddingHorizontal: 44,
  },
  title: { fontSize: 22, fontWeight: 700, color: TEAL, marginBottom: 4 },
  subtitle: { fontSize: 12, color: GREY, marginBottom: 18 },
  h2: { fontSize: 14, fontWeight: 700, color: TEAL, marginTop: 14, marginBottom: 6 },
  h3: { fontSize: 11, fontWeight: 700, marginTop: 8, marginBottom: 3 },
  row: { flexDirection: 'row', borderBottom: '0.5pt solid #bdbdbd', paddingVertical: 3 },
  label: { width: '32%', color: GREY },
  value: { width: '68%' },
  big: { fontSize: 28, fontWeight: 700, marginTop: 2, marginBottom: 6 },
  muted: { color: GREY },
  cell: { paddingRight: 6 },
  finding: { borderBottom: '0.5pt solid #bdbdbd', paddingVertical: 6 },
  photos: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 4 },
  photo: { width: '50%', paddingRight: 8, paddingBottom: 8 },
  photoImage: { height: 170, objectFit: 'contain', objectPosition: 'left top' },
  photoMissing: {
    height: 60,
    border: '0.5pt dashed #9e9e9e',
    padding: 6,
    color: GREY,
    fontSize: 8,
  },
  caption: { fontSize: 7, color: GREY, marginTop: 2 },
  warning: { fontSize: 7, color: '#b71c1c', fontWeight: 700, marginTop: 2 },
  barRow: { flexDirection: 'row', alignItems: 'center', paddingVertical: 2 },
  barLabel: { width: '36%', paddingRight: 6, fontSize: 9 },
  barTrack: { width: '50%', height: 9, backgroundColor: '#e0f2f1' },
  bar: { height: 9, backgroundColor: TEAL },
  barValue: { width: '14%', paddingLeft: 6, fontSize: 9 },
  light: { flexDirection: 'row', alignItems: 'center', paddingRight: 6 },
  lightSwatch: { width: 14, height: 9, marginRight: 4, border: '0.5pt solid #424242' },
  listItem: { flexDirection: 'row', paddingVertical: 1 },
  typeTagRow: { flexDirection: 'row', marginVertical: 2 },
  typeTag: { paddingHorizontal: 4, paddingVertical: 1, borderRadius: 2, fontWeight: 700 },
  bullet: { width: 10 },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 44,
    right: 44,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: GREY,
  },
});

function Field({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.row} wrap={false}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{value || '–'}</Text>
    </View>
  );
}

/** A table row of fixed column widths (percent of the line). */
function Cells({ cells, widths, bold }: { cells: string[]; widths: number[]; bold?: boolean }) {
  return (
    <View style={styles.row} wrap={false}>
      {cells.map((cell, index) => (
        <Text
          key={index}
          style={[styles.cell, { width: `${widths[index]}%` }, bold ? { fontWeight: 700 } : {}]}
        >
          {cell}
        </Text>
      ))}
    </View>
  );
}

/**
 * On every page: the audit's name and "page x of y". (A View's render prop: react-pdf 4.9 leaves
 * a Text's render prop with the page count empty, and drops dynamic content altogether from a
 * page where any style sets `lineHeight`, so no style here does.)
 */
function Footer({ data }: { data: ReportPdfData }) {
  return (
    <View
      style={styles.footer}
      fixed
      render={(props) => {
        // (Its type names only pageNumber; the count is there since react-pdf PR 3502.)
        const { pageNumber, totalPages } = props as { pageNumber: number; totalPages?: number };
        // (An array, not a fragment: the render result's elements become the View's children.)
        return [
          <Text key="title">{data.title}</Text>,
          <Text key="page">{data.labels.page(pageNumber, totalPages ?? pageNumber)}</Text>,
        ];
      }}
    />
  );
}

/** The score per category as bars (0 to 100 %), under the table that gives the numbers. */
function CategoryChart({ data }: { data: ReportPdfData }) {
  if (data.result.categories.length === 0) return null;
  return (
    <View style={{ marginTop: 10 }} wrap={false}>
      <Text style={styles.h3}>{data.labels.chart}</Text>
      {data.result.categories.map((category) => (
        <View key={category.name} style={styles.barRow}>
          <Text style={styles.barLabel}>{category.name}</Text>
          <View style={styles.barTrack}>
            {category.value !== null && (
              <View
                style={[styles.bar, { width: `${Math.max(0, Math.min(100, category.value))}%` }]}
              />
            )}
          </View>
          <Text style={styles.barValue}>{category.percent}</Text>
        </View>
      ))}
    </View>
  );
}

/** A finding's photo: the downscaled picture, then its evidence and the fingerprint check. */
function Photo({ photo, labels }: { photo: ReportPhoto; labels: ReportPdfData['labels'] }) {
  return (
    <View style={styles.photo} wrap={false}>
      {photo.image ? (
        <Image src={photo.image} style={styles.photoImage} />
      ) : (
        <Text style={styles.photoMissing}>{labels.photoMissing}</Text>
      )}
      {photo.lines.map((line, index) => (
        <Text key={index} style={styles.caption}>
          {line}
        </Text>
      ))}
      {photo.sha256 && (
        <Text style={styles.caption}>{`${labels.photoHash}: ${groupedHash(photo.sha256)}`}</Text>
      )}
      <Text style={photo.check === 'mismatch' ? styles.warning : styles.caption}>
        {labels.photoCheck[photo.check]}
      </Text>
    </View>
  );
}

/** The VDA matrix's columns: E, level, compliance, traffic light, points, evaluated. */
const VDA_WIDTHS = [8, 28, 16, 14, 14, 20];

/** A row of the VDA result matrix; the traffic light is a coloured cell beside its name. */
function VdaRow({ row, bold }: { row: VdaPdfRow; bold?: boolean }) {
  const weight = bold ? { fontWeight: 700 } : {};
  const width = (index: number) => ({ width: `${VDA_WIDTHS[index]}%` });
  return (
    <View style={styles.row} wrap={false}>
      <Text style={[styles.cell, width(0), weight]}>{row.code}</Text>
      <Text style={[styles.cell, width(1), weight, row.nested ? { paddingLeft: 10 } : {}]}>
        {row.label}
      </Text>
      <Text style={[styles.cell, width(2), weight]}>{row.percent}</Text>
      <View style={[styles.light, width(3)]}>
        <View
          style={[
            styles.lightSwatch,
            { backgroundColor: row.colour ? TRAFFIC_LIGHT[row.colour] : '#ffffff' },
          ]}
        />
        <Text style={{ flex: 1 }}>{row.colourText}</Text>
      </View>
      <Text style={[styles.cell, width(4)]}>{row.points}</Text>
      <Text style={[styles.cell, width(5), row.coverageOk ? {} : { fontWeight: 700 }]}>
        {row.coverage}
      </Text>
    </View>
  );
}

/** E_Pn per process element and E_n per process step as bars in their traffic lights. */
function VdaChart({ vda }: { vda: VdaPdfData }) {
  if (vda.levels.length === 0) return null;
  return (
    <View style={{ marginTop: 10 }} wrap={false}>
      <Text style={styles.h3}>{vda.chartTitle}</Text>
      {vda.levels.map((level) => (
        <View key={level.name} style={styles.barRow}>
          <Text style={styles.barLabel}>{level.name}</Text>
          <View style={styles.barTrack}>
            <View
              style={[
                styles.bar,
                {
                  width: `${Math.max(0, Math.min(100, level.value))}%`,
                  backgroundColor: level.colour ? TRAFFIC_LIGHT[level.colour] : GREY,
                },
              ]}
            />
          </View>
          <Text style={styles.barValue}>{level.percent}</Text>
        </View>
      ))}
    </View>
  );
}

/** Lines of words: a bulleted list (downgrading reasons, what is missing). */
function Bullets({ lines }: { lines: string[] }) {
  return lines.map((line, index) => (
    <View key={index} style={styles.listItem} wrap={false}>
      <Text style={styles.bullet}>{'\u2022'}</Text>
      <Text style={{ flex: 1 }}>{line}</Text>
    </View>
  ));
}

/** A VDA audit's result on the first pages: class, E_G, the matrix, the reasons, validity. */
function VdaResult({ vda, heading }: { vda: VdaPdfData; heading: string }) {
  return (
    <>
      <Text style={styles.h2}>{heading}</Text>
      <Text style={styles.big}>{vda.classText}</Text>
      <Text style={{ fontWeight: 700 }}>{vda.total}</Text>
      {vda.classes && <Text>{vda.classes}</Text>}
      <Text style={styles.muted}>{vda.edition}</Text>

      <Text style={styles.h3} minPresenceAhead={60}>
        {vda.matrixTitle}
      </Text>
      <View style={styles.row} wrap={false}>
        {vda.columns.map((column, index) => (
          <Text
            key={index}
            style={[styles.cell, { width: `${VDA_WIDTHS[index]}%`, fontWeight: 700 }]}
          >
            {column}
          </Text>
        ))}
      </View>
      {vda.rows.map((row, index) => (
        <VdaRow key={index} row={row} bold={index === vda.rows.length - 1} />
      ))}
      <VdaChart vda={vda} />

      <Text style={styles.h3} minPresenceAhead={30}>
        {vda.reasonsTitle}
      </Text>
      {vda.reasons.length === 0 ? (
        <Text style={styles.muted}>{vda.noReasons}</Text>
      ) : (
        <Bullets lines={vda.reasons} />
      )}

      <Text style={[styles.h3, vda.valid ? {} : { color: '#b71c1c' }]} minPresenceAhead={30}>
        {vda.validity}
      </Text>
      <Bullets lines={vda.missing} />
      {vda.confirmation && <Text style={{ marginTop: 4 }}>{vda.confirmation}</Text>}
    </>
  );
}

/** Lines of explanation (a question row, a category's heading) laid out as one run. */
const EXPLANATION_ROWS_PER_RUN = 150;
/** Lines of findings laid out as one run; a row of two photos counts as ten. */
const FINDING_LINES_PER_RUN = 90;
const findingWeight = (finding: ReportPdfData['findings'][number]) =>
  3 + finding.fields.length + 10 * Math.ceil(finding.photos.length / 2);
/** A VDA question's lines: its evaluations wrap at about 50 characters in their column. */
const vdaQuestionWeight = (question: VdaPdfData['questions'][number]) =>
  Math.max(
    Math.ceil(question.question.length / 45),
    Math.ceil(question.evaluations.length / 50),
    1,
  );
const VDA_QUESTION_WIDTHS = [44, 42, 14];

function ReportDocument({ data }: { data: ReportPdfData }) {
  const { labels, vda } = data;
  return (
    <Document title={data.title} author={data.author} language={data.language}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{data.title}</Text>
        <Text style={styles.subtitle}>{labels.reportTitle}</Text>
        {data.cover.map(([label, value]) => (
          <Field key={label} label={label} value={value} />
        ))}

        {vda ? (
          <>
            <VdaResult vda={vda} heading={vda.title} />
            <Text style={{ marginTop: 4 }}>{data.result.progress}</Text>
          </>
        ) : (
          <>
            <Text style={styles.h2}>{labels.result}</Text>
            <Text style={styles.big}>{data.result.total}</Text>
            <Text style={styles.muted}>{data.result.schema}</Text>
            <Text>{data.result.counted}</Text>
            <Text>{data.result.progress}</Text>
            {data.result.qk && <Text style={{ marginTop: 4 }}>{data.result.qk}</Text>}
            {data.result.formula && <Text style={{ marginTop: 4 }}>{data.result.formula}</Text>}

            <Text style={styles.h3}>{labels.categories}</Text>
            <Cells cells={labels.categoryColumns} widths={[56, 22, 22]} bold />
            {data.result.categories.map((category) => (
              <Cells
                key={category.name}
                cells={[category.name, category.counted, category.percent]}
                widths={[56, 22, 22]}
              />
            ))}
            <CategoryChart data={data} />
          </>
        )}
        <Footer data={data} />
      </Page>

      {vda &&
        runsOf(vda.questions, vdaQuestionWeight, EXPLANATION_ROWS_PER_RUN).map((run, runIndex) => (
          <Page key={`vda-${runIndex}`} size="A4" style={styles.page}>
            {runIndex === 0 && (
              <>
                <Text style={styles.h2}>{vda.questionsTitle}</Text>
                <Cells cells={vda.questionColumns} widths={VDA_QUESTION_WIDTHS} bold />
              </>
            )}
            {run.map((question, index) => (
              <Cells
                key={index}
                cells={[question.question, question.evaluations, question.points]}
                widths={VDA_QUESTION_WIDTHS}
              />
            ))}
            <Footer data={data} />
          </Page>
        ))}

      {runsOf(data.explanation, (scope) => scope.items.length + 4, EXPLANATION_ROWS_PER_RUN).map(
        (run, runIndex) => (
          <Page key={`explanation-${runIndex}`} size="A4" style={styles.page}>
            {runIndex === 0 && <Text style={styles.h2}>{labels.explanation}</Text>}
            {run.map((scope) => (
              <View key={scope.name}>
                <Text style={styles.h3} minPresenceAhead={40}>
                  {scope.name}
                </Text>
                <Text style={styles.muted}>{scope.formula}</Text>
                <Cells cells={labels.explanationColumns} widths={[46, 18, 18, 18]} bold />
                {scope.items.map((item) => (
                  <Cells
                    key={item.question}
                    cells={[item.question, item.weight, item.finding, item.points]}
                    widths={[46, 18, 18, 18]}
                  />
                ))}
                {scope.excluded && <Text style={styles.muted}>{scope.excluded}</Text>}
              </View>
            ))}
            <Footer data={data} />
          </Page>
        ),
      )}

      {runsOf(data.findings, findingWeight, FINDING_LINES_PER_RUN).map((run, runIndex) => (
        <Page key={`findings-${runIndex}`} size="A4" style={styles.page}>
          {runIndex === 0 && <Text style={styles.h2}>{labels.findings}</Text>}
          {run.map((finding, index) => (
            // A finding's text stays on one page; its photos may continue on the next.
            <View key={index} style={styles.finding}>
              <View wrap={false} minPresenceAhead={finding.photos.length > 0 ? 120 : 0}>
                <Text style={{ fontWeight: 700 }}>{finding.question}</Text>
                {/* The type as a tag in its severity's colour; its name still reads in grey. */}
                <View style={styles.typeTagRow}>
                  <Text
                    style={[
                      styles.typeTag,
                      { backgroundColor: finding.typeColour.fill, color: finding.typeColour.text },
                    ]}
                  >
                    {finding.type}
                  </Text>
                </View>
                {finding.fields.map(([label, value]) => (
                  <Text key={label}>
                    <Text style={styles.muted}>{`${label}: `}</Text>
                    {value}
                  </Text>
                ))}
              </View>
              {finding.photos.length > 0 && (
                <View style={styles.photos}>
                  {finding.photos.map((photo, photoIndex) => (
                    <Photo key={photoIndex} photo={photo} labels={labels} />
                  ))}
                </View>
              )}
            </View>
          ))}
          <Footer data={data} />
        </Page>
      ))}

      <Page size="A4" style={styles.page}>
        {data.findings.length === 0 && (
          <>
            <Text style={styles.h2}>{labels.findings}</Text>
            <Text style={styles.muted}>{labels.noFindings}</Text>
          </>
        )}
        <Text style={styles.h2}>{labels.measures}</Text>
        {data.measures.length === 0 && <Text style={styles.muted}>{labels.noMeasures}</Text>}
        {data.measures.length > 0 && (
          <Cells cells={labels.measureColumns} widths={[40, 24, 16, 20]} bold />
        )}
        {data.measures.map((measure, index) => (
          <Cells
            key={index}
            cells={[measure.text, measure.assignees, measure.due, measure.status]}
            widths={[40, 24, 16, 20]}
          />
        ))}

        <Text style={styles.h2}>{labels.summary}</Text>
        <Text>{data.summary || labels.noSummary}</Text>

        <Text style={styles.h2} minPresenceAhead={40}>
          {labels.company}
        </Text>
        {data.company === null && <Text style={styles.muted}>{labels.noCompany}</Text>}
        {data.company?.map(([label, value]) => (
          <Field key={label} label={label} value={value} />
        ))}
        <Footer data={data} />
      </Page>
    </Document>
  );
}

/** The report as a PDF file. */
export async function renderReportPdf(data: ReportPdfData): Promise<Blob> {
  return pdf(<ReportDocument data={data} />).toBlob();
}
