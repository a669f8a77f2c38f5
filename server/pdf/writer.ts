/**
 * A small flowing-text writer on pdf-lib: headings, wrapped paragraphs, writing lines, page breaks
 * and page numbers on A4, with the standard Helvetica fonts (no font files to ship).
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const GREY = rgb(0.45, 0.45, 0.45);

/**
 * The standard fonts use WinAnsi, which lacks many characters (arrows, emoji, Polish or Turkish
 * letters): anything it cannot encode becomes its closest plain letter, or '?' as a last resort,
 * instead of making pdf-lib throw.
 */
const REPLACEMENTS: Record<string, string> = {
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
  '\u0127': 'h',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u200b': '',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2717': 'x',
  '\u25cf': '\u2022',
};

function winAnsiSafe(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '\n' || ch === '\t') {
      out += ch === '\t' ? ' ' : '\n';
    } else if (supported.has(cp)) {
      out += ch;
    } else if (REPLACEMENTS[ch] !== undefined) {
      out += REPLACEMENTS[ch];
    } else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...plain].every((c) => supported.has(c.codePointAt(0) ?? 0)) && plain ? plain : cp < 0x20 ? '' : '?';
    }
  }
  return out;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  italic?: boolean;
  indent?: number;
  grey?: boolean;
  /** Space after the block, in points. */
  after?: number;
}

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly supported: Set<number>;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont; italic: PDFFont },
  ) {
    this.supported = new Set(fonts.regular.getCharacterSet());
    this.newPage();
  }

  static async create(title: string): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    const fonts = {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
      italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    };
    const writer = new PdfWriter(doc, fonts);
    doc.setTitle(writer.safe(title));
    doc.setLanguage('nl-NL');
    doc.setProducer('Docentenomgeving');
    doc.setCreator('Docentenomgeving');
    return writer;
  }

  safe(text: string): string {
    return winAnsiSafe(text, this.supported);
  }

  private newPage(): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
    if (this.y < MARGIN) this.newPage();
  }

  pageBreak(): void {
    if (this.y < A4[1] - MARGIN) this.newPage();
  }

  /** Wrapped text; blank lines in `text` separate paragraphs. */
  text(text: string, style: TextStyle = {}): void {
    const size = style.size ?? 11;
    const font = style.bold ? this.fonts.bold : style.italic ? this.fonts.italic : this.fonts.regular;
    const indent = style.indent ?? 0;
    const width = A4[0] - 2 * MARGIN - indent;
    const lineHeight = size * 1.35;
    const paragraphs = this.safe(text).split(/\n/);
    paragraphs.forEach((para, i) => {
      for (const line of wrap(para, font, size, width)) {
        this.ensure(lineHeight);
        this.y -= lineHeight;
        this.page.drawText(line, {
          x: MARGIN + indent,
          y: this.y + (lineHeight - size),
          size,
          font,
          color: style.grey ? GREY : rgb(0, 0, 0),
        });
      }
      if (i < paragraphs.length - 1 && para === '') this.y -= size * 0.3;
    });
    this.space(style.after ?? size * 0.5);
  }

  heading(text: string, level: 1 | 2 | 3 = 2): void {
    const size = level === 1 ? 20 : level === 2 ? 15 : 12;
    this.ensure(size * 3);
    this.space(level === 1 ? 0 : size * 0.6);
    this.text(text, { size, bold: true, after: size * 0.4 });
  }

  /** Empty lines to write an answer on. */
  writingLines(count: number, indent = 0): void {
    for (let i = 0; i < count; i++) {
      this.ensure(22);
      this.y -= 22;
      this.page.drawLine({ start: { x: MARGIN + indent, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.5, color: GREY });
    }
    this.space(8);
  }

  async save(footer: string): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    const text = this.safe(footer);
    pages.forEach((page, i) => {
      const label = `${text} - pagina ${i + 1} van ${pages.length}`;
      page.drawText(label, { x: MARGIN, y: MARGIN / 2, size: 8, font: this.fonts.regular, color: GREY });
    });
    return this.doc.save();
  }
}

/** Greedy word wrap; a word longer than the line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  if (text.trim() === '') return [''];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}
