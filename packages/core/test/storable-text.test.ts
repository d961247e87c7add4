import { z } from "zod";
import { describe, expect, it } from "vitest";
import { singleLine, storableText } from "../src/kernel/contract/common.ts";

/**
 * What PostgreSQL cannot store is refused by the contract (a 400 naming the field), not by the
 * database (a 500): NUL anywhere, and half of a UTF-16 surrogate pair, which PostgreSQL's json and jsonb
 * refuse when the text is copied into an activity or an event (the tRPC fuzz found it in a title).
 */
const text = storableText(z.string());
const line = storableText(singleLine(z.string().nullable()));

describe("storableText", () => {
  it.each([
    ["plain text", "Technical interview"],
    ["an emoji (a whole surrogate pair)", "Launch \ud83d\ude80 day"],
    ["text in other scripts", "Zoë 李 Ω"],
    ["tab and line feed", "a\tb\nc"],
  ])("accepts %s", (_name, value) => {
    expect(text.safeParse(value).success).toBe(true);
  });

  it.each([
    ["NUL", "a\u0000b", "NUL"],
    ["a lone low surrogate", "sampl\uddcee value", "surrogate"],
    ["a lone high surrogate at the end", "value\ud83d", "surrogate"],
    ["a high surrogate followed by another high one", "\ud83d\ud83d\ude80", "surrogate"],
    ["a low surrogate before its high one", "\ude80\ud83d", "surrogate"],
  ])("refuses %s with a message that says why", (_name, value, word) => {
    const result = text.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toContain(word);
  });

  it("keeps working inside other wrappers (null passes, a lone surrogate does not)", () => {
    expect(line.safeParse(null).success).toBe(true);
    expect(line.safeParse("x\udc00").success).toBe(false);
  });
});
