// Lays a generated document (domain/documents.ts blocks) out as a tagged PDF with pdfkit:
// - text in Noto Sans (SIL Open Font License, from the @expo-google-fonts/noto-sans package), embedded and
//   subset to the glyphs used, so Latin-extended, Greek and Cyrillic names print as written ("Łódź",
//   "Θεσσαλονίκη", "Москва") where the standard PDF fonts know only Western European letters;
// - tagged for screen readers (PDF/UA-style): a structure tree (Document, H1, Sect, H2, P, Table with
//   TH/TD, Div per signature party), the document language and its title shown as the window title;
//   rules drawn for the eye only are marked as artifacts.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font as ParsedFont } from 'fontkit';
import type { Block, Column, DocumentContent, Field, SignatureParty } from '../domain/documents.ts';

const fontFiles = {
  Regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  Bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  Italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
} as const;
type FontName = keyof typeof fontFiles;

let parsedFonts: Promise<Record<FontName, ParsedFont>> | undefined;

/**
 * The fonts, read and parsed once per process (fontkit; parsing Noto's tables is most of the cost of a
 * document) and shared by every document, each of which embeds only the glyphs it uses.
 */
function loadFonts(): Promise<Record<FontName, ParsedFont>> {
  parsedFonts ??= (async () => {
    const packageRequire = createRequire(import.meta.url);
    const { create } = await import('fontkit');
    const entries = await Promise.all(
      (Object.keys(fontFiles) as FontName[]).map(
        async (name) => [name, create(await readFile(packageRequire.resolve(fontFiles[name])))] as const,
      ),
    );
    return Object.fromEntries(entries) as Record<FontName, ParsedFont>;
  })().catch((error: unknown) => {
    parsedFonts = undefined;
    throw error;
  });
  return parsedFonts;
}

/** The document language (the spec's texts are US English). */
export const documentLanguage = 'en-US';

export async function renderPdf(
  content: DocumentContent,
  options: { author: string; createdAt?: Date },
): Promise<Buffer> {
  // Loaded by the first document asked for, not at start: pdfkit, fontkit and the parsed fonts hold
  // ~25 MB of heap.
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), loadFonts()]);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    pdfVersion: '1.7',
    tagged: true,
    lang: documentLanguage,
    displayTitle: true,
    // no default font: the first text sets an embedded one, so no standard font is ever referenced
    font: null as unknown as string,
    info: {
      Title: `${content.title} - ${content.subtitle}`,
      Author: options.author,
      Creator: 'Loadline',
      CreationDate: options.createdAt ?? new Date(),
    },
  });
  // Registered with their name as family too: pdfkit then finds the font again by that name when a table
  // cell goes back to the previous font, instead of opening and comparing it anew each time.
  for (const name of Object.keys(fonts) as FontName[])
    doc.registerFont(name, fonts[name] as unknown as PDFKit.Mixins.PDFFontSource, name);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new Layout(doc).document(content);
  doc.end();
  return done;
}

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

interface Cell {
  text: string;
  type?: 'TH' | 'TD';
  scope?: 'Row' | 'Column';
  font?: { src: FontName };
  backgroundColor?: string;
  align?: { x: 'left' | 'right' };
}

class Layout {
  private readonly doc: Doc;
  private readonly left: number;
  private readonly width: number;

  constructor(doc: Doc) {
    this.doc = doc;
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  }

  document(content: DocumentContent): void {
    const { doc } = this;
    const root = doc.struct('Document');
    doc.addStructure(root);
    root.add(
      doc.struct('H1', {}, () => {
        doc
          .font('Bold')
          .fontSize(18)
          .fillColor('#000')
          .text(content.title, this.left, doc.y, { width: this.width });
      }),
    );
    root.add(
      doc.struct('P', {}, () => {
        doc.font('Regular').fontSize(10).fillColor('#444').text(content.subtitle, { width: this.width });
      }),
    );
    doc.moveDown(0.6);
    for (const block of content.blocks) this.block(root, block);
    this.space(30);
    root.add(
      doc.struct('P', {}, () => {
        doc
          .font('Italic')
          .fontSize(8)
          .fillColor('#444')
          .text(content.footer, this.left, doc.y + 6, { width: this.width });
      }),
    );
    root.end();
  }

  /** A new page when less than `height` points are left. */
  private space(height: number): void {
    const { doc } = this;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  }

  private artifact(draw: () => void): void {
    this.doc.markContent('Artifact', { type: 'Layout' });
    draw();
    this.doc.endMarkedContent();
  }

  private block(root: Struct, block: Block): void {
    if (block.kind === 'fields' && block.rows.length === 0) return;
    const { doc } = this;
    this.space(block.kind === 'signatures' ? 230 : 70);
    const section = doc.struct('Sect');
    root.add(section);
    section.add(
      doc.struct('H2', {}, () => {
        doc
          .font('Bold')
          .fontSize(10.5)
          .fillColor('#000')
          .text(block.heading, this.left, doc.y, { width: this.width });
      }),
    );
    const ruleY = doc.y + 1;
    this.artifact(() =>
      doc
        .moveTo(this.left, ruleY)
        .lineTo(this.left + this.width, ruleY)
        .lineWidth(0.5)
        .strokeColor('#888')
        .stroke(),
    );
    doc.y += 4;
    doc.font('Regular').fontSize(8.5).fillColor('#000');
    switch (block.kind) {
      case 'fields':
        this.fields(section, block.rows, block.columns ?? 1);
        break;
      case 'boxes':
        this.table(
          section,
          block.boxes.map(() => ({ header: '', width: 1 })),
          [
            block.boxes.map((b) => this.header(b.heading)),
            block.boxes.map((b) => ({ text: b.lines.join('\n') })),
          ],
          { border: 0.5 },
        );
        break;
      case 'table':
        this.table(
          section,
          block.columns,
          [
            block.columns.map((c) => this.header(c.header, c.align)),
            ...block.rows.map((row) => row.map((text, i) => this.cell(text, block.columns[i]))),
            ...(block.totals
              ? [
                  block.totals.map((text, i) => ({
                    ...this.cell(text, block.columns[i]),
                    font: { src: 'Bold' as const },
                  })),
                ]
              : []),
          ],
          { border: 0.5 },
        );
        break;
      case 'text':
        for (const paragraph of block.paragraphs) {
          section.add(
            doc.struct('P', {}, () => {
              doc
                .font('Regular')
                .fontSize(8.5)
                .fillColor('#000')
                .text(paragraph, this.left, doc.y, { width: this.width });
            }),
          );
          doc.y += 3;
        }
        break;
      case 'signatures':
        this.signatures(section, block.parties);
        break;
    }
    section.end();
    doc.x = this.left;
    doc.moveDown(0.8);
  }

  private header(text: string, align?: Column['align']): Cell {
    return {
      text,
      type: 'TH',
      scope: 'Column',
      font: { src: 'Bold' },
      backgroundColor: '#eeeeee',
      ...(align === 'right' ? { align: { x: 'right' } } : {}),
    };
  }

  private cell(text: string, column: Column | undefined): Cell {
    return { text, ...(column?.align === 'right' ? { align: { x: 'right' } } : {}) };
  }

  /** Label and value pairs, one or two pairs a line; the labels are row headers. */
  private fields(section: Struct, rows: readonly Field[], perLine: 1 | 2): void {
    const label = (text: string): Cell => ({ text, type: 'TH', scope: 'Row', font: { src: 'Bold' } });
    const lines: Cell[][] = [];
    for (let i = 0; i < rows.length; i += perLine) {
      const line: Cell[] = [];
      for (const [l, v] of rows.slice(i, i + perLine)) line.push(label(l), { text: v });
      while (line.length < perLine * 2) line.push({ text: '' });
      lines.push(line);
    }
    const columns: Column[] =
      perLine === 1
        ? [
            { header: '', width: 120 },
            { header: '', width: this.width - 120 },
          ]
        : [
            { header: '', width: 88 },
            { header: '', width: this.width / 2 - 88 },
            { header: '', width: 88 },
            { header: '', width: this.width / 2 - 88 },
          ];
    this.table(section, columns, lines, { border: 0 });
  }

  private table(
    section: Struct,
    columns: readonly Column[],
    rows: Cell[][],
    style: { border: number },
  ): void {
    const { doc } = this;
    const share = columns.reduce((sum, c) => sum + c.width, 0);
    const options = {
      structParent: section,
      position: { x: this.left, y: doc.y },
      maxWidth: this.width,
      columnStyles: columns.map((c) => ({ width: (this.width * c.width) / share })),
      defaultStyle: { border: style.border, borderColor: '#999999', padding: [2, 4] },
    };
    const table = doc.table(options as unknown as PDFKit.Mixins.TableOptions);
    for (const row of rows) table.row(row as unknown as PDFKit.Mixins.RowOptions[]);
    table.end();
  }

  /**
   * Signature blocks side by side: each party's heading and note, then, level across the parties, the lines
   * to sign (or a value given) with their labels under them.
   */
  private signatures(section: Struct, parties: readonly SignatureParty[]): void {
    const { doc } = this;
    const gap = 18;
    const columnWidth = (this.width - gap * (parties.length - 1)) / parties.length;
    const xOf = (i: number) => this.left + i * (columnWidth + gap);
    const top = doc.y + 2;
    const divs = parties.map(() => doc.struct('Div'));
    let linesTop = top;
    parties.forEach((party, i) => {
      const x = xOf(i);
      section.add(divs[i]!);
      divs[i]!.add(
        doc.struct('H3', {}, () => {
          doc.font('Bold').fontSize(9.5).fillColor('#000').text(party.party, x, top, { width: columnWidth });
        }),
      );
      const note = party.note;
      if (note)
        divs[i]!.add(
          doc.struct('P', {}, () => {
            doc
              .font('Italic')
              .fontSize(7.5)
              .fillColor('#333')
              .text(note, x, doc.y + 1, { width: columnWidth });
          }),
        );
      linesTop = Math.max(linesTop, doc.y);
    });
    let bottom = linesTop;
    parties.forEach((party, i) => {
      const x = xOf(i);
      doc.y = linesTop;
      for (const line of party.lines) {
        divs[i]!.add(
          doc.struct('P', {}, () => {
            const y = doc.y + 20;
            if (line.value)
              doc
                .font('Regular')
                .fontSize(9)
                .fillColor('#000')
                .text(line.value, x + 2, y - 12, { width: columnWidth });
            doc
              .moveTo(x, y)
              .lineTo(x + columnWidth, y)
              .lineWidth(0.6)
              .strokeColor('#000')
              .stroke();
            doc
              .font('Regular')
              .fontSize(7.5)
              .fillColor('#333')
              .text(line.label, x, y + 2, { width: columnWidth });
          }),
        );
      }
      for (const check of party.checks ?? []) {
        divs[i]!.add(
          doc.struct('P', {}, () => {
            doc
              .font('Regular')
              .fontSize(8)
              .fillColor('#000')
              .text(check, x, doc.y + 4, { width: columnWidth });
          }),
        );
      }
      divs[i]!.end();
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom;
  }
}
