import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { create, type Font } from "fontkit";

/**
 * The letter's typeface: DejaVu Sans (npm `dejavu-fonts-ttf`, the Bitstream Vera / DejaVu licence,
 * free to embed), whose four faces cover Latin, Latin Extended, Greek, Cyrillic, Armenian, Georgian,
 * Hebrew and basic Arabic, so candidates' names are real, searchable text in the PDF. It has no CJK:
 * such characters become a visible placeholder (letter/pdf.ts), never a crash.
 *
 * The files are read from node_modules at run time, found by walking up from HIREFLOW_ROOT, the
 * working directory and this file, like the API reference's renderer (apps/web/src/server/
 * api-reference-asset.ts): a bundler could not turn a require.resolve of a .ttf into a file path.
 * `next build` (Turbopack, 16.4) traces the folder named by FONT_DIR into the route's files, so a
 * Vercel function ships the fonts without configuration; the turbopackIgnore comments keep it from
 * tracing the whole project for the per-face look-ups.
 *
 * The bytes are read once per process; each PDF parses its own fontkit fonts from them (about 10 ms).
 * A parsed font is NOT shared between documents: fontkit caches glyph objects with the code points of
 * the first lookup, and a subset written for one letter caches component glyphs ("Z" inside "Ż")
 * without any, so a later letter sharing the font lost "Z" from its text layer and its bytes depended
 * on what the process had rendered before. The parsed copies kept here answer coverage questions
 * only (cmap lookups, which cache nothing), and never reach PDFKit.
 */
export type FaceKey = "regular" | "bold" | "italic" | "boldItalic";

const FILES: Record<FaceKey, string> = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
  italic: "DejaVuSans-Oblique.ttf",
  boldItalic: "DejaVuSans-BoldOblique.ttf",
};

const FONT_DIR = path.join("node_modules", "dejavu-fonts-ttf", "ttf");

export interface LetterFonts {
  /** The TrueType files, for PDFKit to parse per document. */
  bytes: Record<FaceKey, Buffer>;
  /** Parsed once, for hasGlyphForCodePoint only. */
  coverage: Record<FaceKey, Font>;
}

let fonts: LetterFonts | undefined;

function fontDirectory(): string {
  const starts = [process.env.HIREFLOW_ROOT, process.cwd(), path.dirname(fileURLToPath(import.meta.url))].filter((dir): dir is string => Boolean(dir));
  for (const start of starts) {
    let dir = path.resolve(start);
    for (;;) {
      const candidate = path.join(dir, FONT_DIR);
      if (existsSync(/*turbopackIgnore: true*/ path.join(candidate, FILES.regular))) return candidate;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error(`Offer letter font not found (${path.join(FONT_DIR, FILES.regular)} above ${starts.join(", ")}); run npm install`);
}

function parse(bytes: Buffer, file: string): Font {
  const font = create(bytes);
  if ("fonts" in font) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

/** The four faces, read on first use; a missing bold or italic file falls back to the regular face. */
export function letterFonts(): LetterFonts {
  if (fonts) return fonts;
  const dir = fontDirectory();
  const file = (key: FaceKey) => path.join(/*turbopackIgnore: true*/ dir, FILES[key]);
  const regular = readFileSync(/*turbopackIgnore: true*/ file("regular"));
  const read = (key: FaceKey) => (existsSync(/*turbopackIgnore: true*/ file(key)) ? readFileSync(/*turbopackIgnore: true*/ file(key)) : regular);
  const bytes: Record<FaceKey, Buffer> = { regular, bold: read("bold"), italic: read("italic"), boldItalic: read("boldItalic") };
  const coverage = Object.fromEntries(Object.entries(bytes).map(([key, data]) => [key, parse(data, FILES[key as FaceKey])])) as Record<FaceKey, Font>;
  fonts = { bytes, coverage };
  return fonts;
}
