import { afterEach, describe, expect, it } from "vitest";
import { formatMailbox, parseMailbox, senderOf } from "../src/modules/mail/sender.ts";

/** The sender of a company's e-mails: MAIL_FROM and Settings → E-mail, parsed and formatted as header values. */
describe("mailboxes", () => {
  afterEach(() => {
    delete process.env.MAIL_FROM;
  });

  it("parses a name and address, a quoted name with escapes, and a bare address", () => {
    expect(parseMailbox("Hireflow <no-reply@localhost>")).toEqual({ name: "Hireflow", address: "no-reply@localhost" });
    expect(parseMailbox('"Acme, Inc. \\"Talent\\"" <talent@acme.example>')).toEqual({ name: 'Acme, Inc. "Talent"', address: "talent@acme.example" });
    expect(parseMailbox("  jobs@acme.example ")).toEqual({ name: null, address: "jobs@acme.example" });
    expect(parseMailbox("<jobs@acme.example>")).toEqual({ name: null, address: "jobs@acme.example" });
  });

  it("always quotes a name, so a comma in it cannot make two addresses", () => {
    expect(formatMailbox({ name: "Acme, Inc.", address: "a@acme.example" })).toBe('"Acme, Inc." <a@acme.example>');
    expect(formatMailbox({ name: 'Back\\slash "quote"', address: "a@acme.example" })).toBe('"Back\\\\slash \\"quote\\"" <a@acme.example>');
    expect(parseMailbox(formatMailbox({ name: 'Back\\slash "quote"', address: "a@acme.example" }))).toEqual({ name: 'Back\\slash "quote"', address: "a@acme.example" });
    expect(formatMailbox({ name: null, address: "a@acme.example" })).toBe("a@acme.example");
  });

  it("takes the company's name and address where set, MAIL_FROM's otherwise", () => {
    const none = { mailFromName: null, mailFromAddress: null, mailReplyTo: null };
    expect(senderOf(none)).toEqual({ from: '"Hireflow" <no-reply@localhost>', address: "no-reply@localhost", replyTo: null });
    process.env.MAIL_FROM = "Recruiting <recruiting@hireflow.example>";
    expect(senderOf({ ...none, mailFromAddress: "talent@acme.example" }).from).toBe('"Recruiting" <talent@acme.example>');
    expect(senderOf({ ...none, mailFromName: "Acme", mailReplyTo: "jobs@acme.example" })).toEqual({
      from: '"Acme" <recruiting@hireflow.example>',
      address: "recruiting@hireflow.example",
      replyTo: "jobs@acme.example",
    });
  });
});
