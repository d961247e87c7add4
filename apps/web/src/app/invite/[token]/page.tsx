import { describeInvitation, ROLE_LABELS } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import type { Metadata } from "next";
import { Alert, formatDate } from "@/components/ui";
import { AcceptInvitationForm } from "./accept-invitation-form";

export const metadata: Metadata = { title: "Join your team", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

const REFUSED = {
  accepted: "This invitation has been used already. Sign in with the account it created, or ask for a new invitation.",
  revoked: "This invitation was revoked. Ask an admin of the company for a new one.",
  expired: "This invitation has expired. Ask an admin of the company for a new one.",
} as const;

/**
 * The invitation link (Settings → Team): the invitee sets a name and a password (and an e-mail when
 * the invitation names none) and is signed in as a member with the invited role.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await describeInvitation(getPrisma(), token);
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <p className="text-2xl font-semibold tracking-tight text-indigo-700">Hireflow</p>
          <h1 className="mt-2 text-lg font-medium text-slate-800">{invitation ? `Join ${invitation.company.name}` : "Invitation not found"}</h1>
        </div>
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          {!invitation ? (
            <Alert>This invitation link is not valid. Check that you copied all of it, or ask for a new one.</Alert>
          ) : invitation.status !== "pending" ? (
            <Alert>{REFUSED[invitation.status]}</Alert>
          ) : (
            <>
              <p className="mb-5 text-sm text-slate-700">
                You are invited as <strong>{ROLE_LABELS[invitation.role]}</strong>. The link works once, until{" "}
                {formatDate(invitation.expires_at)}.
              </p>
              <AcceptInvitationForm token={token} email={invitation.email} />
            </>
          )}
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">
          Have an account already? <a className="text-indigo-700 underline" href="/sign-in">Sign in</a>.
        </p>
      </div>
    </main>
  );
}
