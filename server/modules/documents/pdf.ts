// An issued document as a PDF (pdfkit), in Spanish: the institution, the document's name and folio,
// the holder, what it states (the type's text, and the scores of a report card or the subjects of a
// transcript), the signer, and the QR code of its verification page with a short text saying how
// to check it. Rendered once, when the document is issued: the bytes stored are the bytes handed out.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { DocumentStatement, StatementSubject } from '@/lib/documents/statement';
import { statementDate } from '@/lib/documents/statement';
import { encodePng } from '@/server/files/png';

type Column = { title: string; width: number; align?: 'left' | 'right' | 'center'; cell: (subject: StatementSubject) => string };

const score = (value: string | null | undefined) => value ?? '';

function subjectColumns(statement: DocumentStatement, width: number): Column[] {
  if (statement.type.kind === 'BOLETA') {
    const partials = statement.partials ?? 0;
    const fixed = 62 + partials * 38 + 44;
    return [
      { title: 'Clave', width: 62, cell: (subject) => subject.code },
      { title: 'Asignatura', width: width - fixed, cell: (subject) => subject.name },
      ...Array.from({ length: partials }, (_, index): Column => ({ title: `P${index + 1}`, width: 38, align: 'center', cell: (subject) => score(subject.partials?.[index]) })),
      { title: 'Final', width: 44, align: 'center', cell: (subject) => score(subject.final) },
    ];
  }
  return [
    { title: 'Clave', width: 62, cell: (subject) => subject.code },
    { title: 'Asignatura', width: width - 62 - 40 - 110 - 58 - 48, cell: (subject) => subject.name },
    { title: 'Grado', width: 40, align: 'center', cell: (subject) => (subject.grade === undefined ? '' : String(subject.grade)) },
    { title: 'Periodo', width: 110, cell: (subject) => subject.period ?? '' },
    { title: 'Calificación', width: 58, align: 'center', cell: (subject) => score(subject.score) },
    { title: 'Créditos', width: 48, align: 'right', cell: (subject) => subject.credits ?? '' },
  ];
}

/**
 * The QR code's picture as a small 8-bit grey PNG: `scale` pixels a module and a quiet zone of
 * `margin` modules, so a phone (or jsQR, reading the image's own pixels) finds it. Written here
 * rather than by the qrcode package's PNG writer, which took half the time of a whole document.
 */
export function qrPng(url: string, scale = 4, margin = 2): Buffer {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const side = (modules.size + margin * 2) * scale;
  const raw = Buffer.alloc((side + 1) * side, 255);
  for (let y = 0; y < side; y += 1) {
    raw[y * (side + 1)] = 0; // filter: none
    const row = Math.floor(y / scale) - margin;
    if (row < 0 || row >= modules.size) continue;
    for (let x = 0; x < side; x += 1) {
      const column = Math.floor(x / scale) - margin;
      if (column >= 0 && column < modules.size && modules.get(row, column)) raw[y * (side + 1) + 1 + x] = 0;
    }
  }
  return encodePng({ width: side, height: side, colour: 'grey', scanlines: raw });
}

/**
 * Draws the school's logo, or nothing when PDFKit cannot read it: the upload checked only that it
 * is a png or jpg by its first bytes, and a damaged picture must not stop the school issuing.
 */
function drawLogo(doc: PDFKit.PDFDocument, logo: Buffer, x: number, y: number, side: number): boolean {
  try {
    doc.image(logo, x, y, { fit: [side, side] });
    return true;
  } catch {
    return false;
  }
}

/** The PDF of an issued document; `logo` (png or jpg, Settings' logotipo) heads it when the school has one. */
export async function renderDocumentPdf(statement: DocumentStatement, verification: { url: string; seal: string; cert_number: string }, logo: Buffer | null = null): Promise<Buffer> {
  const qr = qrPng(verification.url);
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: `${statement.type.name} ${statement.folio}`, Author: statement.institution, Subject: statement.holder.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  // Head: the logo at the left of the institution's name, the document, its folio and date. With a
  // logo the two centred lines keep clear of it (the same margin on both sides keeps them centred).
  const logoSide = 64;
  const headTop = doc.y;
  const drawn = logo !== null && drawLogo(doc, logo, left, headTop, logoSide);
  const head = drawn ? { x: left + logoSide + 8, width: width - 2 * (logoSide + 8) } : { x: left, width };
  doc.font('Helvetica-Bold').fontSize(15).text(statement.institution, head.x, headTop, { align: 'center', width: head.width });
  doc.moveDown(0.2);
  doc.font('Helvetica-Bold').fontSize(12).text(statement.type.name.toUpperCase(), head.x, doc.y, { align: 'center', width: head.width });
  doc.moveDown(0.4);
  doc.font('Helvetica').fontSize(9).text(`Folio: ${statement.folio}`, left, drawn ? Math.max(doc.y, headTop + logoSide - 22) : doc.y, { align: 'right', width });
  doc.text(`Fecha de expedición: ${statementDate(statement.issued_on)}`, { align: 'right', width });
  doc.moveDown(0.8);

  // The holder.
  const fact = (label: string, value: string | null | undefined) => {
    if (!value) return;
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };
  fact('Alumno(a)', statement.holder.name);
  fact('Número de control', statement.holder.no_control);
  fact('CURP', statement.holder.curp);
  fact('Carrera', statement.career);
  if (statement.period) fact('Periodo escolar', `${statement.period.description} (${statementDate(statement.period.start)} al ${statementDate(statement.period.end)})`);
  if (statement.enrolment) fact('Grado y grupo', `${statement.enrolment.grade}.º grado, grupo ${statement.enrolment.group}`);
  doc.moveDown(0.8);

  // What it states.
  doc.font('Helvetica').fontSize(11).text(statement.text, { align: 'justify', lineGap: 2 });
  doc.moveDown(0.8);

  if (statement.subjects?.length) {
    const columns = subjectColumns(statement, width);
    const row = (cells: string[], bold: boolean) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
      const height = Math.max(...columns.map((column, index) => doc.heightOfString(cells[index] || ' ', { width: column.width - 4 })));
      if (doc.y + height > bottom()) doc.addPage();
      const y = doc.y;
      let x = left;
      columns.forEach((column, index) => {
        doc.text(cells[index], x + 2, y, { width: column.width - 4, align: column.align ?? 'left' });
        x += column.width;
      });
      doc.x = left;
      doc.y = y + height + 3;
      doc.moveTo(left, doc.y - 1.5).lineTo(left + width, doc.y - 1.5).lineWidth(0.3).strokeColor('#999999').stroke();
    };
    row(columns.map((column) => column.title), true);
    for (const subject of statement.subjects) row(columns.map((column) => column.cell(subject)), false);
    doc.moveDown(0.5);
    if (statement.summary) {
      const parts = [statement.summary.average ? `Promedio: ${statement.summary.average}` : null, statement.summary.credits ? `Créditos: ${statement.summary.credits}` : null].filter(Boolean);
      if (parts.length) doc.font('Helvetica-Bold').fontSize(10).text(parts.join('    '), left, doc.y, { width, align: 'right' });
    }
    doc.moveDown(0.8);
  }
  if (statement.purpose && statement.type.kind !== 'CONSTANCIA') {
    doc.font('Helvetica').fontSize(10).text(`Se expide para: ${statement.purpose}`, left, doc.y, { width });
    doc.moveDown(0.8);
  }

  // The signer, then the verification block (QR, URL, seal) together on one page.
  if (doc.y + 200 > bottom()) doc.addPage();
  doc.moveDown(2.5);
  const lineY = doc.y;
  doc.moveTo(left + width / 2 - 110, lineY).lineTo(left + width / 2 + 110, lineY).lineWidth(0.6).strokeColor('#000000').stroke();
  doc.font('Helvetica-Bold').fontSize(10).text(statement.signer.name, left, lineY + 4, { width, align: 'center' });
  doc.font('Helvetica').fontSize(9).text(statement.signer.position, left, doc.y, { width, align: 'center' });
  doc.moveDown(1.5);

  const top = doc.y;
  const size = 96;
  doc.image(qr, left, top, { width: size, height: size });
  const textLeft = left + size + 12;
  const textWidth = width - size - 12;
  doc.font('Helvetica-Bold').fontSize(8).text('Documento verificable', textLeft, top, { width: textWidth });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`Este documento está sellado digitalmente por ${statement.institution}. Escanee el código QR o abra la dirección siguiente para comprobar que es auténtico y sigue vigente; ahí también puede subir este PDF para saber si es el mismo que se emitió.`, textLeft, doc.y, { width: textWidth });
  doc.font('Helvetica-Bold').fontSize(8).text(verification.url, textLeft, doc.y + 2, { width: textWidth, link: verification.url });
  doc.font('Helvetica').fontSize(7).text(`Folio ${statement.folio} · Certificado ${verification.cert_number}`, textLeft, doc.y + 2, { width: textWidth });
  doc.font('Courier').fontSize(5.5).text(`Sello: ${verification.seal}`, textLeft, doc.y + 2, { width: textWidth });
  doc.end();
  return done;
}
