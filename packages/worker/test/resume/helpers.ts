import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { strToU8, Zip, ZipDeflate, Zlib, zipSync } from "fflate";
import { PDFDocument, StandardFonts } from "pdf-lib";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "resumes");

export function fixture(file: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(FIXTURES, file)));
}

const MB = 1024 * 1024;

/** The expected fields of the fixtures (fixtures README), LinkedIn normalised to a full URL. */
export const FIXTURE_PEOPLE = [
  {
    stem: "marcus-oneill",
    name: "Marcus O'Neill",
    email: "marcus.oneill@example.org",
    phone: "+442079460958",
    location: "London, United Kingdom",
    linkedin: "https://www.linkedin.com/in/marcus-oneill", // written "linkedin.com/in/marcus-oneill"
  },
  {
    stem: "priya-raman",
    name: "Priya Raman",
    email: "priya.raman@example.net",
    phone: "+12125550143",
    location: "New York, NY",
    linkedin: "https://www.linkedin.com/in/priyaraman",
  },
] as const;

/** A resume of `pages` pages whose contact details are on page 1 only. */
export async function longPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([612, 792]);
    const lines =
      n === 1
        ? [
            "Dana Whitfield",
            "dana.whitfield@example.com | +1 415 555 2671 | San Francisco, CA | linkedin.com/in/dana-whitfield",
            "Experience",
          ]
        : [`Project log, page ${n}`];
    for (let i = 0; i < 30; i++) lines.push(`Shipped feature ${n}.${i} for the platform team with tests and docs.`);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 20, size: 11, font }));
  }
  return doc.save();
}

/** `total` bytes of `byte`, fed to `push` in 1 MB chunks so that the test never holds them at once. */
function pushRepeated(push: (chunk: Uint8Array, final: boolean) => void, byte: number, total: number): void {
  const chunk = new Uint8Array(MB).fill(byte);
  for (let sent = 0; sent < total; sent += MB) push(chunk, false);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const DOCUMENT_START =
  '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
  "<w:body><w:p><w:r><w:t>Zip Bomb ";
const DOCUMENT_END = "</w:t></w:r></w:p></w:body></w:document>";

const docxBombs = new Map<number, Uint8Array>();

/** A well-formed DOCX whose word/document.xml inflates to `inflatedMb` MB (streamed, the file stays small). */
export function docxBomb(inflatedMb: number): Uint8Array {
  const cached = docxBombs.get(inflatedMb);
  if (cached) return cached.slice();
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    parts.push(data);
  });
  for (const [name, text] of [
    ["[Content_Types].xml", CONTENT_TYPES],
    ["_rels/.rels", ROOT_RELS],
  ] as const) {
    const file = new ZipDeflate(name);
    zip.add(file);
    file.push(strToU8(text), true);
  }
  const document = new ZipDeflate("word/document.xml", { level: 9 });
  zip.add(document);
  document.push(strToU8(DOCUMENT_START), false);
  pushRepeated((chunk, final) => document.push(chunk, final), 0x41 /* "A" */, inflatedMb * MB);
  document.push(strToU8(DOCUMENT_END), true);
  zip.end();
  const bytes = concat(parts);
  docxBombs.set(inflatedMb, bytes);
  return bytes.slice();
}

/**
 * The same bomb with its central directory lying: document.xml claims to inflate to 20 kB, so only
 * measuring the real inflated size (in the worker) can catch it.
 */
export function lyingDocxBomb(inflatedMb: number): Uint8Array {
  const bytes = docxBomb(inflatedMb);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = bytes.length - 22;
  if (view.getUint32(eocd, true) !== 0x06054b50) throw new Error("unexpected zip layout");
  let p = view.getUint32(eocd + 16, true);
  const decoder = new TextDecoder();
  for (let i = 0; i < view.getUint16(eocd + 10, true); i++) {
    const nameLength = view.getUint16(p + 28, true);
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength));
    if (name === "word/document.xml") view.setUint32(p + 24, 20_000, true);
    p += 46 + nameLength + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return bytes;
}

/** A ZIP that is not a DOCX. */
export function plainZip(): Uint8Array {
  return zipSync({ "notes.txt": strToU8("hello"), "word/readme.xml": strToU8("<x/>") });
}

/** A minimal DOCX with the given paragraphs (for DOCX edge cases). */
export function docxWith(text: string): Uint8Array {
  const body = text
    .split("\n")
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${line.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</w:t></w:r></w:p>`)
    .join("");
  return zipSync({
    "[Content_Types].xml": strToU8(CONTENT_TYPES),
    "_rels/.rels": strToU8(ROOT_RELS),
    "word/document.xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body>${body}</w:body></w:document>`,
    ),
  });
}

const contentStreams = new Map<number, Uint8Array>();

/** zlib-wrapped deflate of a text line followed by `inflatedMb` MB of spaces, streamed (and memoised: ~8 ms/MB). */
function spacesContentStream(inflatedMb: number): Uint8Array {
  const cached = contentStreams.get(inflatedMb);
  if (cached) return cached;
  const parts: Uint8Array[] = [];
  const zlib = new Zlib({ level: 9 }, (data) => parts.push(data));
  zlib.push(strToU8("BT /F1 12 Tf 72 720 Td (Flate Bomb) Tj ET\n"), false);
  pushRepeated((chunk, final) => zlib.push(chunk, final), 0x20, inflatedMb * MB);
  zlib.push(new Uint8Array(0), true);
  const stream = concat(parts);
  contentStreams.set(inflatedMb, stream);
  return stream;
}

/** A one-page PDF, written by hand with a correct xref table, whose content stream is `stream`. */
function pdfWithContent(stream: Uint8Array, filter: string): Uint8Array {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === "string" ? encoder.encode(part) : part;
    chunks.push(bytes);
    length += bytes.length;
  };
  const object = (body: string) => {
    offsets.push(length);
    write(`${offsets.length} 0 obj\n${body}\nendobj\n`);
  };
  write("%PDF-1.4\n");
  object("<< /Type /Catalog /Pages 2 0 R >>");
  object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>");
  offsets.push(length);
  write(`4 0 obj\n<< /Length ${stream.length} /Filter ${filter} >>\nstream\n`);
  write(stream);
  write("\nendstream\nendobj\n");
  object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const xref = length;
  write(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) write(`${String(offset).padStart(10, "0")} 00000 n \n`);
  write(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return concat(chunks);
}

/** A PDF whose page content is a FlateDecode stream inflating to `inflatedMb` MB of spaces. */
export function pdfFlateBomb(inflatedMb: number): Uint8Array {
  return pdfWithContent(spacesContentStream(inflatedMb), "/FlateDecode");
}

/**
 * The same bomb behind an ASCIIHexDecode filter, which the stream pre-check does not decode: only the
 * sandbox's memory limits can stop it.
 */
export function hexPdfFlateBomb(inflatedMb: number): Uint8Array {
  const deflated = spacesContentStream(inflatedMb);
  const hex = new Uint8Array(deflated.length * 2 + 1);
  const digits = encoderDigits();
  deflated.forEach((byte, i) => {
    hex[i * 2] = digits[byte >> 4]!;
    hex[i * 2 + 1] = digits[byte & 15]!;
  });
  hex[hex.length - 1] = 0x3e; // ">" ends ASCIIHex data
  return pdfWithContent(hex, "[/ASCIIHexDecode /FlateDecode]");
}

function encoderDigits(): Uint8Array {
  return new TextEncoder().encode("0123456789ABCDEF");
}

/** Milliseconds of CPU in a `process.cpuUsage(since)` difference. */
export function cpuMs(used: NodeJS.CpuUsage): number {
  return (used.user + used.system) / 1000;
}
