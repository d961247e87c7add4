/**
 * The text being blinded (blind.ts), tracked back to the original, and what every blinding pass
 * shares: the replacement marker and the offset-keeping replace.
 */
export const REMOVED = "[removed]";

// --- Offsets ----------------------------------------------------------------------------------

/**
 * A text being blinded, with the range of the original text each of its characters came from: kept
 * through every replacement (only what a replacement changed maps to the whole range it replaced).
 */
export interface Tracked {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

export interface Edit {
  at: number;
  match: string;
  replacement: string;
}

export function tracked(text: string): Tracked {
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  for (let i = 0; i < text.length; i++) {
    starts[i] = i;
    ends[i] = i + 1;
  }
  return { text, starts, ends };
}

export type Replacer = string | ((match: string, ...rest: never[]) => string);

/** String.prototype.replace on a tracked text: the same result, with the offsets carried along. */
export function replaceTracked(t: Tracked, pattern: RegExp, replacer: Replacer): Tracked {
  const edits: Edit[] = [];
  const text = t.text.replace(pattern, (...args: unknown[]) => {
    const match = args[0] as string;
    // (match, ...groups, offset, string[, namedGroups])
    const at = (typeof args.at(-1) === "string" ? args.at(-2) : args.at(-3)) as number;
    const replacement = typeof replacer === "string" ? replacer : (replacer as (...a: unknown[]) => string)(...args);
    edits.push({ at, match, replacement });
    return replacement;
  });
  // applyEdits rebuilds the same text from the same edits.
  return edits.length ? applyEdits(t, edits) : { ...t, text };
}

/** Applies non-overlapping edits in order; what an edit leaves equal at its start and end keeps its own offsets. */
export function applyEdits(t: Tracked, edits: readonly Edit[]): Tracked {
  let length = t.text.length;
  for (const e of edits) length += e.replacement.length - e.match.length;
  const starts = new Int32Array(length);
  const ends = new Int32Array(length);
  let text = "";
  let from = 0;
  let to = 0;
  const copy = (until: number) => {
    for (; from < until; from++, to++) {
      starts[to] = t.starts[from]!;
      ends[to] = t.ends[from]!;
    }
  };
  for (const { at, match, replacement } of edits) {
    text += t.text.slice(from, at) + replacement;
    copy(at);
    let prefix = 0;
    while (prefix < match.length && prefix < replacement.length && match[prefix] === replacement[prefix]) prefix++;
    let suffix = 0;
    while (
      suffix < match.length - prefix &&
      suffix < replacement.length - prefix &&
      match[match.length - 1 - suffix] === replacement[replacement.length - 1 - suffix]
    ) {
      suffix++;
    }
    copy(at + prefix);
    const changedEnd = at + match.length - suffix;
    const spanStart = from < changedEnd ? t.starts[from]! : from < t.text.length ? t.starts[from]! : (t.ends[t.text.length - 1] ?? 0);
    let spanEnd = spanStart;
    for (let i = from; i < changedEnd; i++) spanEnd = Math.max(spanEnd, t.ends[i]!);
    for (let i = 0; i < replacement.length - prefix - suffix; i++, to++) {
      starts[to] = spanStart;
      ends[to] = spanEnd;
    }
    from = changedEnd;
    copy(at + match.length);
  }
  text += t.text.slice(from);
  copy(t.text.length);
  return { text, starts, ends };
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
