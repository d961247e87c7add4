import { createHash } from "node:crypto";
import { PDFDocument as PdfLibDocument } from "pdf-lib";
import PDFDocument from "pdfkit";
import { formatLetterDateTime, LETTER_TEMPLATE_MAX } from "../contract/letter-template.ts";
import { type FaceKey, letterFonts } from "./fonts.ts";
import { type Block, htmlToBlocks } from "./html-blocks.ts";
import { MARGIN, type Page, PAGE, paginate, type Placed, toPieces } from "./layout.ts";

/**
 * The offer letter as a PDF (server-only). PDFKit writes it — maintained, pure JavaScript, TrueType
 * embedding with subsetting through fontkit, so no headless browser runs in the request path — and the
 * text is real text in DejaVu Sans (letter/fonts.ts): searchable, and names in any Latin, Greek or
 * Cyrillic script come out as written. The HTML is laid out by letter/layout.ts from the subset
 * letter/html-blocks.ts reads.
 *
 * Determinism: given the same HTML, meta and `createdAt`, the bytes are the same (PDFKit derives the
 * file ID from the info dictionary, the font subset tags from their order, and compresses with a fixed
 * deflate), so the SHA-256 a candidate signs can be reproduced.
 */

/** HTML after substitution; a template is at most LETTER_TEMPLATE_MAX, and the values add to it. */
export const LETTER_HTML_MAX = LETTER_TEMPLATE_MAX * 4;

export const LETTER_MAX_PAGES = 30;

export interface LetterMeta {
  title: string;
  companyName: string;
  /** Sets the PDF's creation and modification dates and so its ID; now when absent. */
  createdAt?: Date;
}

export interface LetterSignature {
  /** The name the candidate typed. */
  name: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** SHA-256 (hex) of the letter PDF the candidate was shown: the `letter` bytes themselves. */
  documentSha256: string;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

interface RenderOptions {
  title: string;
  author: string;
  createdAt: Date;
  maxPages: number;
  footer: (page: number, pages: number) => string;
}

// PDFKit takes `font: null`: no default font, so it never loads its Helvetica metrics (a file a bundle
// would have to carry). @types/pdfkit 0.17 does not declare it; this type and one cast are that gap.
type PdfKitOptions = Omit<PDFKit.PDFDocumentOptions, "font"> & { font: null };

function newDocument(options: RenderOptions): PDFKit.PDFDocument {
  const settings: PdfKitOptions = {
    autoFirstPage: false,
    font: null,
    size: "A4",
    pdfVersion: "1.7",
    displayTitle: true,
    info: {
      Title: options.title,
      Author: options.author,
      Creator: "Hireflow",
      Producer: "Hireflow (PDFKit)",
      CreationDate: options.createdAt,
      ModDate: options.createdAt,
    },
  };
  const doc = new PDFDocument(settings as unknown as PDFKit.PDFDocumentOptions);
  const { bytes } = letterFonts();
  for (const key of Object.keys(bytes) as FaceKey[]) doc.registerFont(key, bytes[key]);
  return doc;
}

function output(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
    doc.end();
  });
}

/** Pieces of one line, merged where they share face, size and underline (one string per run of words). */
function segments(placed: Placed[]): Placed[] {
  const merged: Placed[] = [];
  for (const piece of placed) {
    const last = merged.at(-1);
    // Only neighbours: a word space apart in the same face, or touching (not a list marker and its text).
    const adjacent = last !== undefined && (piece.spaced || Math.abs(last.x + last.width - piece.x) < 0.01);
    if (last && adjacent && !last.rtl && !piece.rtl && last.face === piece.face && last.size === piece.size && last.underline === piece.underline) {
      last.text += (piece.spaced ? " " : "") + piece.text;
      last.width = piece.x + piece.width - last.x;
    } else merged.push({ ...piece });
  }
  return merged;
}

function drawFooter(doc: PDFKit.PDFDocument, text: string): void {
  const size = 8.5;
  const pieces = toPieces(text, "regular", false, letterFonts().coverage);
  const widths = pieces.map((piece) => doc.font(piece.face).fontSize(size).widthOfString(piece.text));
  let x = (PAGE.width - widths.reduce((a, b) => a + b, 0)) / 2;
  doc.fillColor("#666666");
  pieces.forEach((piece, i) => {
    doc.font(piece.face).fontSize(size).text(piece.text, x, PAGE.height - 44, { lineBreak: false });
    x += widths[i]!;
  });
  doc.fillColor("#000000");
}

function draw(doc: PDFKit.PDFDocument, pages: Page[], footer: RenderOptions["footer"]): void {
  pages.forEach((page, index) => {
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    for (const line of page.lines) {
      for (const piece of segments(line.placed)) {
        doc.font(piece.face).fontSize(piece.size).text(piece.text, line.x + piece.x, line.y, { lineBreak: false, underline: piece.underline });
      }
    }
    for (const y of page.rules) {
      doc.moveTo(MARGIN.left, y).lineTo(PAGE.width - MARGIN.right, y).lineWidth(0.5).strokeColor("#999999").stroke();
    }
    drawFooter(doc, footer(index + 1, pages.length));
  });
}

async function renderBlocks(blocks: Block[], options: RenderOptions): Promise<Uint8Array> {
  const doc = newDocument(options);
  const measure = (text: string, face: FaceKey, size: number) => doc.font(face).fontSize(size).widthOfString(text);
  // Laid out in full first: the footer's "of N" needs the page count, and a letter over the page
  // bound fails before anything is drawn.
  const pages = paginate(blocks, measure, letterFonts().coverage, options.maxPages);
  draw(doc, pages, options.footer);
  return output(doc);
}

/** A company name in the footer stays on one line. */
function shorten(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}

/**
 * The letter's HTML (render-html.ts output) as an A4 PDF with "Company · Page n of N" footers.
 * Throws a plain Error for HTML over LETTER_HTML_MAX characters or a letter over LETTER_MAX_PAGES pages.
 */
export async function renderLetterPdf(html: string, meta: LetterMeta): Promise<Uint8Array> {
  if (html.length > LETTER_HTML_MAX) throw new Error(`The letter is ${html.length} characters of HTML; at most ${LETTER_HTML_MAX} can be rendered`);
  const company = shorten(meta.companyName, 80);
  return renderBlocks(htmlToBlocks(html), {
    title: meta.title,
    author: meta.companyName,
    createdAt: meta.createdAt ?? new Date(),
    maxPages: LETTER_MAX_PAGES,
    footer: (page, pages) => `${company} · Page ${page} of ${pages}`,
  });
}

const text = (value: string, bold = false) => ({ text: value, bold, italic: false, underline: false });

function signatureBlocks(signature: LetterSignature): Block[] {
  const field = (label: string, value: string): Block => ({ kind: "text", role: "p", indent: 0, marker: null, runs: [text(`${label}: `, true), text(value)] });
  return [
    { kind: "text", role: "h1", indent: 0, marker: null, runs: [text("Electronic signature", true)] },
    {
      kind: "text",
      role: "p",
      indent: 0,
      marker: null,
      runs: [text("The offer letter on the preceding pages was accepted and signed electronically by typing the name below. The SHA-256 fingerprint identifies the exact letter document the signer was shown.")],
    },
    field("Signed by", signature.name),
    field("Signed at", `${signature.signedAt.toISOString()} (${formatLetterDateTime(signature.signedAt)})`),
    field("IP address", signature.ip ?? "not recorded"),
    // A user agent is a header the client chose; bounded so the page stays one page.
    field("User agent", signature.userAgent ? shorten(signature.userAgent, 1000) : "not recorded"),
    field("Letter SHA-256", signature.documentSha256),
  ];
}

/**
 * The signed copy: the letter's pages as they are, plus an "Electronic signature" page with the typed
 * name, the time (UTC ISO and readable), IP, user agent and the letter's SHA-256. The letter must be the
 * very document the hash was taken of; anything else is a caller's bug and throws.
 */
export async function appendSignaturePage(letter: Uint8Array, signature: LetterSignature): Promise<Uint8Array> {
  if (!/^[0-9a-f]{64}$/.test(signature.documentSha256)) throw new Error("documentSha256 must be 64 lower-case hex digits");
  if (sha256Hex(letter) !== signature.documentSha256) throw new Error("The letter is not the document whose SHA-256 was signed");
  const page = await renderBlocks(signatureBlocks(signature), {
    title: "Electronic signature",
    author: signature.name,
    createdAt: signature.signedAt,
    maxPages: 3,
    footer: () => "Electronic signature",
  });
  // pdf-lib copies the signature page's objects (its font subset included) into the letter; the
  // letter's own objects, dates and ID stay, and only the modification date becomes the signing time.
  const signed = await PdfLibDocument.load(letter, { updateMetadata: false });
  const extra = await PdfLibDocument.load(page, { updateMetadata: false });
  for (const copied of await signed.copyPages(extra, extra.getPageIndices())) signed.addPage(copied);
  signed.setModificationDate(signature.signedAt);
  return signed.save();
}
