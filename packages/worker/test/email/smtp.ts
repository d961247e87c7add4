import { type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as the server received it (after SMTP dot-unstuffing): the bytes the client sent. */
  raw: Buffer;
  at: number;
}

/** An SMTP answer to refuse with at a command: 451 (try again later), 550 (refused for good)… */
export interface Refusal {
  at: "RCPT" | "DATA";
  code: number;
  message: string;
}

function refusalError(refusal: Refusal): Error {
  return Object.assign(new Error(refusal.message), { responseCode: refusal.code });
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 and a free port: records every message it accepts
 * and every transaction it sees, and answers transaction `n` (1-based) as `plan(n)` says (accept
 * when it returns null).
 */
export async function startSmtpServer(plan: (n: number) => Refusal | null = () => null) {
  const received: ReceivedMail[] = [];
  let transactions = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to make up.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      transactions++;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      const refusal = plan(transactions);
      callback(refusal?.at === "RCPT" ? refusalError(refusal) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const refusal = plan(transactions);
        if (refusal?.at === "DATA") return callback(refusalError(refusal));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** MAIL FROM commands seen: one per attempt that got as far as a transaction. */
    transactions: () => transactions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;
