// Measures how much the parsers *would* inflate, by streaming the compressed data through zlib and
// counting (the output is dropped at once), and stops at a budget. Runs in the worker before a parser
// sees the file: pdf.js and JSZip keep the whole inflated stream in memory and cannot be told to stop.
// Plain JavaScript because worker.mjs loads it outside any bundler or TypeScript loader.
import { Buffer } from "node:buffer";
import zlib from "node:zlib";

export class InflationBudgetExceeded extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "InflationBudgetExceeded";
  }
}

const MB = 1024 * 1024;

/**
 * Sum of the inflated sizes of a PDF's non-image streams. Image streams are skipped: text extraction
 * never decodes them. Only a leading run of FlateDecode filters is measured; other filter chains
 * (and encrypted streams) are left to the heap cap, the RSS watchdog and the timeout.
 * @param {Uint8Array} bytes
 * @param {number} budget
 */
export async function assertPdfStreamsWithinBudget(bytes, budget) {
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  // `\bstream` skips "endstream"; the keyword is followed by an end-of-line before the data.
  const keyword = /\bstream(?:\r\n|\n|\r)/g;
  let total = 0;
  for (let match = keyword.exec(source); match; match = keyword.exec(source)) {
    const dataStart = match.index + match[0].length;
    const dictionary = source.slice(Math.max(0, match.index - 4096), match.index);
    const objectStart = dictionary.lastIndexOf(" obj");
    const header = objectStart >= 0 ? dictionary.slice(objectStart) : dictionary;
    let dataEnd = source.indexOf("endstream", dataStart);
    if (dataEnd < 0) dataEnd = source.length;
    keyword.lastIndex = dataEnd;

    if (/\/Subtype\s*\/Image\b/.test(header)) continue;
    const stages = flateStages(header);
    if (stages === 0) continue;
    total += await inflatedSize(bytes.subarray(dataStart, dataEnd), stages, "zlib", budget - total);
    if (total > budget) {
      throw new InflationBudgetExceeded(`The PDF's compressed content inflates to more than ${Math.round(budget / MB)} MB.`);
    }
  }
}

/** @param {string} header */
function flateStages(header) {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(header);
  if (!filter?.[1]) return 0;
  const names = filter[1].match(/\/[A-Za-z0-9]+/g) ?? [];
  let stages = 0;
  for (const name of names) {
    if (name !== "/FlateDecode" && name !== "/Fl") break;
    stages++;
  }
  return stages;
}

/**
 * Sum of the inflated sizes of a DOCX's XML parts, i.e. what mammoth reads. This catches archives
 * whose central directory lies about the sizes, which the declared-size check cannot see.
 * @param {Uint8Array} bytes
 * @param {Array<{ name: string; method: number; compressedSize: number; localHeaderOffset: number }>} entries
 * @param {number} budget
 */
export async function assertZipPartsWithinBudget(bytes, entries, budget) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const entry of entries) {
    if (!/\.(xml|rels)$/i.test(entry.name)) continue;
    const header = entry.localHeaderOffset;
    if (header + 30 > bytes.length || view.getUint32(header, true) !== 0x04034b50) continue;
    const dataStart = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
    const data = bytes.subarray(dataStart, Math.min(bytes.length, dataStart + entry.compressedSize));
    if (entry.method === 0) total += data.length;
    else if (entry.method === 8) total += await inflatedSize(data, 1, "raw", budget - total);
    if (total > budget) {
      throw new InflationBudgetExceeded(`The DOCX's XML inflates to more than ${Math.round(budget / MB)} MB.`);
    }
  }
}

/**
 * Inflated size of `data` through `stages` chained inflaters, counting every stage's output and
 * giving up as soon as `budget` is passed. Corrupt data just ends the count: the parser will report it.
 * @param {Uint8Array} data
 * @param {number} stages
 * @param {"zlib" | "raw"} format
 * @param {number} budget
 * @returns {Promise<number>}
 */
function inflatedSize(data, stages, format, budget) {
  return new Promise((resolve) => {
    const options = { chunkSize: 64 * 1024 };
    const chain = Array.from({ length: stages }, () =>
      format === "raw" ? zlib.createInflateRaw(options) : zlib.createInflate(options),
    );
    let count = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const stream of chain) stream.destroy();
      resolve(count);
    };
    chain.forEach((stream, index) => {
      stream.on("data", (chunk) => {
        count += chunk.length;
        if (count > budget) finish();
      });
      stream.on("error", finish);
      const next = chain[index + 1];
      if (next) stream.pipe(next);
      else stream.on("end", finish);
    });
    chain[0]?.end(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
}
