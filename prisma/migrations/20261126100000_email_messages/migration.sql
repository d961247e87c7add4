-- E-mail delivery (#26 §2): every message a company sends is a row, written in the transaction of the
-- change that sends it; a background job delivers it over SMTP (SMTP_URL) or, without a mail server,
-- keeps it as `stored` for Settings → E-mail log. The row is the durable state: a restart loses nothing.
CREATE TYPE "email_status" AS ENUM ('queued', 'sent', 'failed', 'stored');

CREATE TABLE "email_messages" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "candidate_id" INTEGER,
    "to_addresses" TEXT[] NOT NULL,
    "from_address" TEXT NOT NULL,
    "reply_to" TEXT,
    "subject" TEXT NOT NULL,
    "text_body" TEXT NOT NULL,
    "html_body" TEXT,
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "message_id" TEXT NOT NULL,
    "status" "email_status" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "email_messages_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "email_messages_message_id_key" ON "email_messages"("message_id");
-- Settings → E-mail log: a company's messages newest first.
CREATE INDEX "email_messages_company_id_created_at_id_idx" ON "email_messages"("company_id", "created_at" DESC, "id" DESC);
-- The sweeper: queued messages whose run was lost.
CREATE INDEX "email_messages_status_next_attempt_at_idx" ON "email_messages"("status", "next_attempt_at");
CREATE INDEX "email_messages_candidate_id_idx" ON "email_messages"("candidate_id");
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- An erased candidate's e-mails go with them (their address and name are in every one), queued ones included.
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_candidate_id_fkey"
  FOREIGN KEY ("candidate_id") REFERENCES "candidates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The sender per company (Settings → E-mail); null: the server's MAIL_FROM.
ALTER TABLE "companies"
  ADD COLUMN "mail_from_name" TEXT,
  ADD COLUMN "mail_from_address" TEXT,
  ADD COLUMN "mail_reply_to" TEXT;
