import { Parser } from "htmlparser2";

/**
 * The letter's HTML read as a flat list of blocks for the PDF layout (letter/pdf.ts). Only a subset
 * means anything: headings, paragraphs, line breaks, bold / italic / underline, lists, rules, and
 * table rows as lines. Any other tag keeps its text and loses its meaning; the tags whose content is
 * not text for a reader (script, style, head, …) and comments are dropped whole, so nothing the
 * template carries ever runs or shows up as code in the PDF.
 *
 * htmlparser2 streams tags and text to callbacks and keeps its own stack in an array, and the state
 * here is counters and a list stack, so a deeply nested template costs memory, never the call stack.
 */
export interface Run {
  /** Text as written (entities decoded); empty for a <br>. */
  text: string;
  /** A <br>: the line ends here. */
  br?: boolean;
  bold: boolean;
  italic: boolean;
  underline: boolean;
}

export type BlockRole = "h1" | "h2" | "h3" | "p";

export type Block = { kind: "text"; role: BlockRole; runs: Run[]; indent: number; marker: string | null } | { kind: "rule" };

/** Dropped with everything inside them. */
const DROPPED = new Set(["script", "style", "head", "title", "template", "iframe", "object", "noscript", "svg", "math"]);

/** Tags that end the paragraph before them and start a new one. */
const BLOCK_TAGS = new Set([
  "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "table", "thead", "tbody", "tfoot", "tr", "caption",
  "blockquote", "section", "article", "header", "footer", "main", "aside", "nav", "address", "figure", "figcaption",
  "dl", "dt", "dd", "pre", "center", "form", "fieldset", "body", "html", "hr",
]);

// A Map, not an object: a tag named "constructor" must not find Object.prototype's.
const HEADINGS = new Map<string, BlockRole>([["h1", "h1"], ["h2", "h2"], ["h3", "h3"], ["h4", "h3"], ["h5", "h3"], ["h6", "h3"]]);

/** Nested lists indent this many levels at most; deeper items stay at the last level. */
export const MAX_INDENT = 4;

/** Space between table cells on a row's line (an em space, which whitespace collapsing keeps). */
const CELL_GAP = " \u2003 ";

export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let dropped = 0;
  let bold = 0;
  let italic = 0;
  let underline = 0;
  const headings: BlockRole[] = [];
  let runs: Run[] = [];
  let marker: string | null = null;
  let cellsInRow = 0;

  function flush(): void {
    const hasContent = runs.some((run) => run.br || run.text.trim() !== "");
    // A list item's marker waits for the item's first text (<li><p>…</p></li> opens a paragraph first).
    if (!hasContent) return;
    blocks.push({ kind: "text", role: headings.at(-1) ?? "p", runs, indent: Math.min(lists.length, MAX_INDENT), marker });
    runs = [];
    marker = null;
  }

  function push(text: string, br = false): void {
    runs.push({ text, br, bold: bold > 0 || headings.length > 0, italic: italic > 0, underline: underline > 0 });
  }

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropped > 0 || DROPPED.has(name)) {
          // htmlparser2 closes every element it opens (a void one at once, an unclosed one at end()),
          // so counting opens and closes inside a dropped element balances.
          dropped++;
          return;
        }
        if (BLOCK_TAGS.has(name)) flush();
        const heading = HEADINGS.get(name);
        if (heading) headings.push(heading);
        else if (name === "b" || name === "strong" || name === "th") bold++;
        else if (name === "i" || name === "em" || name === "cite") italic++;
        else if (name === "u" || name === "ins") underline++;
        else if (name === "ul" || name === "ol") {
          const start = Number.parseInt(attributes.start ?? "1", 10);
          lists.push({ ordered: name === "ol", next: Number.isSafeInteger(start) ? start : 1 });
        } else if (name === "li") {
          const list = lists.at(-1);
          marker = list?.ordered ? `${list.next++}.` : "•";
        } else if (name === "tr") cellsInRow = 0;
        else if (name === "br") push("", true);
        else if (name === "hr") blocks.push({ kind: "rule" });
        if ((name === "td" || name === "th") && cellsInRow++ > 0) push(CELL_GAP);
      },
      onclosetag(name) {
        if (dropped > 0) {
          dropped--;
          return;
        }
        if (BLOCK_TAGS.has(name)) flush();
        if (HEADINGS.has(name)) headings.pop();
        else if (name === "b" || name === "strong" || name === "th") bold--;
        else if (name === "i" || name === "em" || name === "cite") italic--;
        else if (name === "u" || name === "ins") underline--;
        else if (name === "ul" || name === "ol") lists.pop();
      },
      ontext(text) {
        if (dropped === 0) push(text);
      },
    },
    // Entities decoded (&amp; → &), tag names lower-cased; comments, doctype and processing
    // instructions have no handler here and vanish.
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: false },
  );
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}
