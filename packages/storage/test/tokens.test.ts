import { afterEach, describe, expect, it } from "vitest";
import { FileTokenError, fileUrl, signFileToken, verifyFileToken, type FileTokenErrorReason } from "../src/index.ts";

const key = "resumes/AAAAAAAAAAAAAAAAAAAAAA/cv.pdf";
const NOW = Date.UTC(2030, 0, 1);

function reasonOf(fn: () => unknown): FileTokenErrorReason | "no error" {
  try {
    fn();
    return "no error";
  } catch (error) {
    expect(error).toBeInstanceOf(FileTokenError);
    return (error as FileTokenError).reason;
  }
}

/** Flips one bit in the character at `index` of a base64url string, keeping it base64url. */
function flip(segment: string, index: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const swapped = alphabet[alphabet.indexOf(segment[index]!) ^ 32]!;
  return segment.slice(0, index) + swapped + segment.slice(index + 1);
}

describe("file tokens", () => {
  afterEach(() => {
    delete process.env.FILE_URL_TTL_SECONDS;
  });

  it("round-trips key, filename, content type and a 24 h default expiry", () => {
    const token = signFileToken({ key, filename: "Jöhn Dœ \"CV\".pdf", contentType: "application/pdf" }, { now: NOW });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const claims = verifyFileToken(token, { now: NOW + 1000 });
    expect(claims).toEqual({
      key,
      filename: "Jöhn Dœ \"CV\".pdf",
      contentType: "application/pdf",
      expiresAt: new Date(NOW + 24 * 3600 * 1000),
    });
    expect(verifyFileToken(signFileToken({ key, filename: "a" }), {}).contentType).toBeUndefined();
  });

  it("honours FILE_URL_TTL_SECONDS and an explicit lifetime", () => {
    process.env.FILE_URL_TTL_SECONDS = "60";
    const token = signFileToken({ key, filename: "a" }, { now: NOW });
    expect(verifyFileToken(token, { now: NOW }).expiresAt.getTime()).toBe(NOW + 60_000);
    expect(reasonOf(() => verifyFileToken(token, { now: NOW + 60_000 }))).toBe("expired");
    const longer = signFileToken({ key, filename: "a", expiresInSeconds: 7200 }, { now: NOW });
    expect(verifyFileToken(longer, { now: NOW + 3600_000 }).key).toBe(key);
  });

  it("rejects expired tokens, by clock or by negative lifetime", () => {
    const token = signFileToken({ key, filename: "a", expiresInSeconds: 10 }, { now: NOW });
    expect(reasonOf(() => verifyFileToken(token, { now: NOW + 9_999 }))).toBe("no error");
    expect(reasonOf(() => verifyFileToken(token, { now: NOW + 10_000 }))).toBe("expired");
    expect(reasonOf(() => verifyFileToken(signFileToken({ key, filename: "a", expiresInSeconds: -1 })))).toBe("expired");
  });

  it("rejects a tampered payload, even one re-encoded to point at another key", () => {
    const token = signFileToken({ key, filename: "a" }, { now: NOW });
    const [payload, signature] = token.split(".") as [string, string];
    for (let i = 0; i < payload.length; i++) {
      expect(reasonOf(() => verifyFileToken(`${flip(payload, i)}.${signature}`, { now: NOW }))).not.toBe("no error");
    }
    const forged = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    forged.k = "resumes/BBBBBBBBBBBBBBBBBBBBBB/other.pdf";
    forged.e = forged.e as number + 10 ** 6;
    const forgedPayload = Buffer.from(JSON.stringify(forged)).toString("base64url");
    expect(reasonOf(() => verifyFileToken(`${forgedPayload}.${signature}`, { now: NOW }))).toBe("bad_signature");
  });

  it("rejects a tampered signature, including non-canonical base64url spellings", () => {
    const token = signFileToken({ key, filename: "a" }, { now: NOW });
    const [payload, signature] = token.split(".") as [string, string];
    for (let i = 0; i < signature.length; i++) {
      expect(reasonOf(() => verifyFileToken(`${payload}.${flip(signature, i)}`, { now: NOW }))).toBe("bad_signature");
    }
    expect(reasonOf(() => verifyFileToken(`${payload}.${signature.slice(0, -1)}`, { now: NOW }))).toBe("bad_signature");
    expect(reasonOf(() => verifyFileToken(`${payload}.${signature}AA`, { now: NOW }))).toBe("bad_signature");
  });

  it("rejects tokens signed with another secret", () => {
    const token = signFileToken({ key, filename: "a" }, { secret: "another-secret-another-secret-0123456789" });
    expect(reasonOf(() => verifyFileToken(token))).toBe("bad_signature");
    expect(verifyFileToken(token, { secret: "another-secret-another-secret-0123456789" }).key).toBe(key);
  });

  it("calls garbage malformed", () => {
    const valid = signFileToken({ key, filename: "a" });
    for (const bad of ["", ".", "abc", "a.b.c", `${valid}.x`, `.${valid.split(".")[1]}`, "a b.c", "a+b.c/d", "a=.b=", "x".repeat(5000)]) {
      expect(reasonOf(() => verifyFileToken(bad)), bad.slice(0, 20)).toBe("malformed");
    }
    expect(reasonOf(() => verifyFileToken(undefined as unknown as string))).toBe("malformed");
  });

  it("refuses to sign something that is not a storage key", () => {
    expect(() => signFileToken({ key: "../etc/passwd", filename: "a" })).toThrow(TypeError);
    expect(() => signFileToken({ key, filename: "a", expiresInSeconds: Number.NaN })).toThrow(TypeError);
  });

  it("builds APP_BASE_URL/api/files/<token>", () => {
    const url = fileUrl({ key, filename: "cv.pdf" });
    expect(url.startsWith(`${process.env.APP_BASE_URL}/api/files/`)).toBe(true);
    const token = url.slice(url.lastIndexOf("/") + 1);
    expect(encodeURIComponent(token)).toBe(token);
    expect(verifyFileToken(token).key).toBe(key);
  });
});
