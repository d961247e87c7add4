import type { Font } from "fontkit";
import type { FaceKey } from "./fonts.ts";
import { type Block, type BlockRole, MAX_INDENT, type Run } from "./html-blocks.ts";

/**
 * The letter's blocks laid out on A4 pages: words wrapped to the measure, lines paginated, every piece
 * of text given its face, size and position. Pure arithmetic over a `measure` function (pdfkit's
 * widthOfString for the face and size), so the drawing step (letter/pdf.ts) only places strings.
 */
export const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
export const MARGIN = { top: 64, bottom: 72, left: 64, right: 64 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const INDENT_STEP = 18;
const MARKER_GAP = 6;
const LEADING = 1.4;

export const TYPE: Record<BlockRole, { size: number; before: number; after: number }> = {
  h1: { size: 18, before: 14, after: 10 },
  h2: { size: 15, before: 12, after: 8 },
  h3: { size: 12.5, before: 10, after: 6 },
  p: { size: 11, before: 0, after: 8 },
};

export type Measure = (text: string, face: FaceKey, size: number) => number;

export interface Piece {
  text: string;
  face: FaceKey;
  underline: boolean;
}

/** A piece placed on a line: x from the line's start; `spaced` when a word space precedes it. */
export interface Placed extends Piece {
  x: number;
  width: number;
  size: number;
  spaced: boolean;
  rtl: boolean;
}

export interface Line {
  x: number;
  y: number;
  placed: Placed[];
}

export interface Page {
  lines: Line[];
  /** y of each horizontal rule (<hr>). */
  rules: number[];
}

const UPRIGHT: Record<FaceKey, FaceKey> = { regular: "regular", bold: "bold", italic: "regular", boldItalic: "bold" };

// Shown for a character no face has (CJK, emoji, …): visible in the PDF, and extracted as U+FFFD, so a
// reader sees that something is missing instead of a silently shortened name. DejaVu has the glyph.
const MISSING = "\uFFFD";

/** Strong right-to-left letters (Hebrew, Arabic and their presentation forms). */
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/;

// Control and format characters draw nothing meaningful (and a font lacks most of them); the joiners
// stay because Arabic and Indic shaping use them.
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * A run's text as pieces, each drawn by a face that has every character in it: the run's own face,
 * else the upright face of the same weight (DejaVu's obliques lack Arabic), else the regular face,
 * else the placeholder in the regular face.
 */
export function toPieces(text: string, face: FaceKey, underline: boolean, faces: Record<FaceKey, Font>): Piece[] {
  const pieces: Piece[] = [];
  const clean = text.normalize("NFC").replace(INVISIBLE, (c) => (c === "\u200c" || c === "\u200d" ? c : ""));
  for (const char of clean) {
    const code = char.codePointAt(0)!;
    let use: FaceKey = face;
    let shown = char;
    if (!faces[face].hasGlyphForCodePoint(code)) {
      if (faces[UPRIGHT[face]].hasGlyphForCodePoint(code)) use = UPRIGHT[face];
      else if (faces.regular.hasGlyphForCodePoint(code)) use = "regular";
      else [use, shown] = ["regular", MISSING];
    }
    const last = pieces.at(-1);
    if (last && last.face === use) last.text += shown;
    else pieces.push({ text: shown, face: use, underline });
  }
  return pieces;
}

type Item = { pieces: Piece[] } | "space" | "break";

function faceOf(run: Run): FaceKey {
  if (run.bold) return run.italic ? "boldItalic" : "bold";
  return run.italic ? "italic" : "regular";
}

/** Words, word spaces and hard breaks; HTML whitespace (space, tab, newlines) collapses to one space. */
function toItems(runs: Run[], faces: Record<FaceKey, Font>): Item[] {
  const items: Item[] = [];
  for (const run of runs) {
    if (run.br) {
      items.push("break");
      continue;
    }
    run.text.split(/[ \t\n\r\f]+/).forEach((part, i) => {
      if (i > 0 && items.at(-1) !== "space") items.push("space");
      if (part === "") return;
      const pieces = toPieces(part, faceOf(run), run.underline, faces);
      const last = items.at(-1);
      if (last !== undefined && typeof last !== "string") last.pieces.push(...pieces);
      else items.push({ pieces });
    });
  }
  return items;
}

/**
 * Right-to-left words keep their letters in order (fontkit shapes and reverses each string), but a row
 * of them reads right to left: consecutive RTL words on a line swap places around the row's middle.
 * A first step of the Unicode bidi algorithm, enough for a name such as "محمد علي" in a Latin letter.
 */
function orderRtl(line: Placed[]): Placed[] {
  let start = 0;
  while (start < line.length) {
    if (!line[start]!.rtl) {
      start++;
      continue;
    }
    let end = start;
    while (end + 1 < line.length && line[end + 1]!.rtl) end++;
    const left = line[start]!.x;
    const right = line[end]!.x + line[end]!.width;
    for (let i = start; i <= end; i++) line[i]!.x = left + right - (line[i]!.x + line[i]!.width);
    start = end + 1;
  }
  return line;
}

/** One block's lines, x relative to the block's left edge. */
function wrap(items: Item[], width: number, size: number, measure: Measure): Placed[][] {
  const lines: Placed[][] = [];
  let line: Placed[] = [];
  let x = 0;
  let spaced = false;
  const endLine = () => {
    lines.push(orderRtl(line));
    [line, x, spaced] = [[], 0, false];
  };
  const place = (piece: Piece, pieceWidth: number, rtl: boolean, gap: number) => {
    line.push({ ...piece, x: x + gap, width: pieceWidth, size, spaced: gap > 0, rtl });
    x += gap + pieceWidth;
  };
  for (const item of items) {
    if (item === "break") endLine();
    else if (item === "space") spaced = line.length > 0;
    else {
      const rtl = item.pieces.some((piece) => RTL.test(piece.text));
      const widths = item.pieces.map((piece) => measure(piece.text, piece.face, size));
      const total = widths.reduce((a, b) => a + b, 0);
      let gap = spaced ? measure(" ", line.at(-1)!.face, size) : 0;
      if (line.length > 0 && x + gap + total > width) {
        endLine();
        gap = 0;
      }
      if (total <= width) item.pieces.forEach((piece, i) => place(piece, widths[i]!, rtl, i === 0 ? gap : 0));
      else {
        // A word wider than the line (a long URL): broken between characters, each one measured alone
        // so the cost stays linear in the word's length.
        for (const piece of item.pieces) {
          for (const { segment } of graphemes.segment(piece.text)) {
            const w = measure(segment, piece.face, size);
            if (line.length > 0 && x + gap + w > width) {
              endLine();
              gap = 0;
            }
            const last = line.at(-1);
            if (last && gap === 0 && last.face === piece.face && last.underline === piece.underline && !last.rtl) {
              last.text += segment;
              last.width += w;
              x += w;
            } else place({ ...piece, text: segment }, w, rtl, gap);
            gap = 0;
          }
        }
      }
      spaced = false;
    }
  }
  if (line.length > 0) endLine();
  return lines;
}

/**
 * The blocks on pages. Throws a plain Error past `maxPages` (the caller maps it), before anything is
 * drawn. A heading is kept with the line after it.
 */
export function paginate(blocks: Block[], measure: Measure, faces: Record<FaceKey, Font>, maxPages: number): Page[] {
  const bottom = PAGE.height - MARGIN.bottom;
  const pages: Page[] = [];
  let page!: Page;
  let y = 0;
  const newPage = () => {
    if (pages.length >= maxPages) throw new Error(`The letter is longer than ${maxPages} pages`);
    page = { lines: [], rules: [] };
    pages.push(page);
    y = MARGIN.top;
  };
  newPage();
  for (const block of blocks) {
    if (block.kind === "rule") {
      if (y + 12 > bottom) newPage();
      page.rules.push(y + 6);
      y += 12;
      continue;
    }
    const type = TYPE[block.role];
    const lineHeight = type.size * LEADING;
    const left = MARGIN.left + Math.min(block.indent, MAX_INDENT) * INDENT_STEP;
    const lines = wrap(toItems(block.runs, faces), CONTENT_WIDTH - (left - MARGIN.left), type.size, measure);
    if (block.marker !== null && lines.length > 0) {
      const [piece] = toPieces(block.marker, "regular", false, faces);
      const width = measure(piece!.text, "regular", type.size);
      lines[0]!.unshift({ ...piece!, x: -MARKER_GAP - width, width, size: type.size, spaced: false, rtl: false });
    }
    if (y > MARGIN.top) y += type.before;
    const keep = block.role === "p" ? 0 : lines.length * lineHeight + TYPE.p.size * LEADING;
    if (keep > 0 && y + keep > bottom && y > MARGIN.top) newPage();
    for (const placed of lines) {
      if (y + lineHeight > bottom) newPage();
      page.lines.push({ x: left, y: y + (lineHeight - type.size) / 2, placed });
      y += lineHeight;
    }
    y += type.after;
  }
  return pages;
}
