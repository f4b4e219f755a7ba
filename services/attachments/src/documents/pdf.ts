// Lays a generated document (domain/documents.ts) out as a PDF with pdfkit: a title, the shipment line,
// labelled sections and a footer, in the standard Helvetica fonts (nothing to embed or download).
import type { DocumentContent } from '../domain/documents.ts';

export async function renderPdf(
  content: DocumentContent,
  options: { author: string; createdAt?: Date },
): Promise<Buffer> {
  // Loaded by the first document asked for, not at start: pdfkit and its fonts are ~13 MB resident.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: `${content.title} - ${content.subtitle}`,
      Author: options.author,
      Creator: 'Loadline',
      CreationDate: options.createdAt ?? new Date(),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(20).text(content.title, { width });
  doc.font('Helvetica').fontSize(11).fillColor('#444').text(content.subtitle, { width });
  doc.moveDown(0.8);
  for (const section of content.sections) {
    if (section.rows.length === 0) continue;
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.fillColor('#000').font('Helvetica-Bold').fontSize(12).text(section.heading, left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .strokeColor('#999')
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.4);
    for (const [label, value] of section.rows) {
      const top = doc.y;
      doc.font('Helvetica-Bold').fontSize(10).fillColor('#333').text(label, left, top, { width: 130 });
      const labelBottom = doc.y;
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor('#000')
        .text(value, left + 140, top, { width: width - 140 });
      doc.y = Math.max(doc.y, labelBottom) + 2;
    }
    doc.moveDown(0.6);
  }
  doc.moveDown(1);
  doc.font('Helvetica-Oblique').fontSize(9).fillColor('#444').text(content.footer, left, doc.y, { width });
  doc.end();
  return done;
}
