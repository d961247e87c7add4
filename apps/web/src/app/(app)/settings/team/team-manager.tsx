"use client";

import type { InvitationDto, MemberDto, UserRole } from "@hireflow/core";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, USER_ROLES } from "@hireflow/core/kernel/roles";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { SecretShownOnce } from "@/components/copy-secret";
import { RevocableTableCard, RevokeDialog, useRevocation } from "@/components/revocable-table-card";
import { Alert, Badge, type BadgeTone, Button, Card, compactInputClass, describedBy, EmptyState, Field, inputClass, Time } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

const MEMBERS = ["team", "members"] as const;
const INVITATIONS = ["team", "invitations"] as const;

const STATUS_TONE: Record<InvitationDto["status"], BadgeTone> = { pending: "indigo", accepted: "green", revoked: "red", expired: "slate" };

export function TeamManager({ initialMembers, initialInvitations, myRole }: { initialMembers: MemberDto[]; initialInvitations: InvitationDto[]; myRole: UserRole }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: MEMBERS, queryFn: async () => (await trpc.team.members.query()).data, initialData: initialMembers });
  const invitations = useQuery({ queryKey: INVITATIONS, queryFn: async () => (await trpc.team.invitations.query()).data, initialData: initialInvitations });
  const [link, setLink] = useState<{ url: string; label: string } | null>(null);
  // Owners alone make or change owners (the server says so too).
  const assignable = USER_ROLES.filter((role) => role !== "owner" || myRole === "owner");
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: MEMBERS }), queryClient.invalidateQueries({ queryKey: INVITATIONS })]);

  const invite = useMutation({
    mutationFn: (input: { email?: string; role: UserRole }) => trpc.team.invite.mutate(input),
    onSuccess: ({ data }) => {
      setLink({ url: `${window.location.origin}${data.path}`, label: data.invitation.email ?? "anyone with the link" });
      void refresh();
    },
  });
  const changeRole = useMutation({
    mutationFn: (input: { user_id: string; role: UserRole }) => trpc.team.changeRole.mutate(input),
    onSuccess: ({ data }) => {
      // Without settings any more: this page is not yours to see.
      if (data.is_you && (data.role === "recruiter" || data.role === "interviewer")) window.location.assign("/");
      void refresh();
    },
    onError: () => void refresh(),
  });
  const removal = useRevocation(
    (member: MemberDto) => trpc.team.removeMember.mutate({ user_id: member.id }),
    (member) => {
      if (member.is_you) window.location.assign("/sign-in");
      void refresh();
    },
  );
  const removing = removal.target;
  const revocation = useRevocation(
    (invitation: InvitationDto) => trpc.team.revokeInvitation.mutate({ id: invitation.id }),
    () => void refresh(),
  );
  const revoking = revocation.target;

  function onInvite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "").trim();
    invite.mutate({ ...(email && { email }), role: data.get("role") as UserRole }, { onSuccess: () => form.reset() });
  }

  const inviteError = invite.error ? errorInfo(invite.error) : null;
  // The company always keeps an owner: the last one can be neither demoted nor removed (the server refuses with 409 too).
  const owners = members.data.filter((m) => m.role === "owner").length;
  const pending = invitations.data.filter((i) => i.status === "pending");
  const past = invitations.data.filter((i) => i.status !== "pending");

  return (
    <div className="space-y-6">
      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">Invite a member</h2>
        <p className="mt-1 text-sm text-slate-600">
          You get a link to send them; it works once, for 7 days. They choose their name and password and are signed in with the role you pick.
        </p>
        <form onSubmit={onInvite} className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start" noValidate>
          <Field id="invite-email" label="E-mail (optional)" hint="With an e-mail, the account must use it." error={inviteError?.fields.email}>
            <input {...describedBy("invite-email", inviteError?.fields.email, true)} name="email" type="email" maxLength={254} className={inputClass} />
          </Field>
          <Field id="invite-role" label="Role" error={inviteError?.fields.role}>
            <select {...describedBy("invite-role", inviteError?.fields.role)} name="role" defaultValue="recruiter" className={inputClass}>
              {assignable.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </Field>
          <Button type="submit" disabled={invite.isPending} className="sm:mt-7">
            {invite.isPending ? "Creating…" : "Create invitation link"}
          </Button>
        </form>
        {inviteError && !Object.keys(inviteError.fields).length && (
          <div className="mt-3">
            <Alert>{inviteError.message}</Alert>
          </div>
        )}
        {link && (
          <SecretShownOnce
            testId="new-invitation"
            title={<>Copy the invitation link for {link.label} now: it will not be shown again.</>}
            id="new-invitation-link"
            label="Invitation link"
            secret={link.url}
            onDismiss={() => setLink(null)}
          >
            Send it to the person you invite. Anyone holding it can join once; revoke the invitation below if it went to the wrong place.
          </SecretShownOnce>
        )}
        <dl className="mt-4 grid gap-1 text-xs text-slate-600 sm:grid-cols-3">
          {USER_ROLES.map((role) => (
            <div key={role}>
              <dt className="inline font-medium text-slate-800">{ROLE_LABELS[role]}: </dt>
              <dd className="inline">{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="mb-3 text-base font-semibold text-slate-900">
          Members
        </h2>
        {changeRole.error && (
          <div className="mb-3">
            <Alert>{errorInfo(changeRole.error).message}</Alert>
          </div>
        )}
        <RevocableTableCard
          columns={["Member", "Role", "Joined"]}
          headTone="text-slate-600"
          items={members.data}
          row={(member) => {
            const who = member.name ?? member.email;
            // An owner's role is an owner's to change; admins see it, read-only.
            const locked = member.role === "owner" && myRole !== "owner";
            const lastOwner = member.role === "owner" && owners === 1;
            const reasonId = `last-owner-${member.id}`;
            return {
              key: member.id,
              testId: `member-${member.email}`,
              cells: (
                <>
                  <td className="px-4 py-3">
                    <span className="font-medium text-slate-900">{who}</span>
                    {member.is_you && <span className="ml-2 text-xs text-slate-600">(you)</span>}
                    {member.name && <span className="block text-xs text-slate-600">{member.email}</span>}
                    <Link href={member.is_you ? "/my-availability" : `/settings/team/${member.id}/availability`} className="mt-0.5 inline-block text-xs font-medium text-indigo-700 hover:underline">
                      Availability<span className="sr-only"> of {who}</span>
                    </Link>
                  </td>
                  <td className="px-4 py-3">
                    {locked ? (
                      <Badge tone="indigo">{ROLE_LABELS[member.role]}</Badge>
                    ) : (
                      <select
                        aria-label={`Role of ${who}`}
                        aria-describedby={lastOwner ? reasonId : undefined}
                        value={member.role}
                        disabled={changeRole.isPending || lastOwner}
                        onChange={(e) => changeRole.mutate({ user_id: member.id, role: e.target.value as UserRole })}
                        className={compactInputClass}
                      >
                        {USER_ROLES.filter((role) => assignable.includes(role) || role === member.role).map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                    )}
                    {lastOwner && (
                      <span id={reasonId} className="mt-1 block max-w-[16rem] text-xs text-slate-600">
                        The company&apos;s last owner: make another member an owner first to change this role or remove {member.is_you ? "yourself" : "them"}.
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap"><Time iso={member.created_at} withTime={false} /></td>
                </>
              ),
              action: !locked && (
                <Button
                  variant="danger-secondary"
                  onClick={() => removal.ask(member)}
                  aria-label={`Remove ${who}`}
                  disabled={lastOwner}
                  aria-describedby={lastOwner ? reasonId : undefined}
                  title={lastOwner ? "The company's last owner cannot be removed" : undefined}
                >
                  Remove
                </Button>
              ),
            };
          }}
        />
      </section>

      <section aria-labelledby="invitations-heading">
        <h2 id="invitations-heading" className="mb-3 text-base font-semibold text-slate-900">
          Invitations
        </h2>
        <RevocableTableCard
          columns={["For", "Role", "Status", "Invited by", "Expires"]}
          headTone="text-slate-600"
          items={[...pending, ...past]}
          empty={<EmptyState title="No invitations yet">Invite someone above; their link shows up here until it is used, revoked or expires.</EmptyState>}
          row={(invitation) => ({
            key: invitation.id,
            testId: `invitation-${invitation.id}`,
            cells: (
              <>
                <td className="px-4 py-3 text-slate-900">{invitation.email ?? "Anyone with the link"}</td>
                <td className="px-4 py-3">{ROLE_LABELS[invitation.role]}</td>
                <td className="px-4 py-3">
                  <Badge tone={STATUS_TONE[invitation.status]}>{invitation.status[0]!.toUpperCase() + invitation.status.slice(1)}</Badge>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{invitation.invited_by ? (invitation.invited_by.name ?? invitation.invited_by.email) : "—"}</td>
                <td className="px-4 py-3 whitespace-nowrap"><Time iso={invitation.expires_at} /></td>
              </>
            ),
            action: invitation.status === "pending" && (
              <Button variant="danger-secondary" onClick={() => revocation.ask(invitation)} aria-label={`Revoke the invitation for ${invitation.email ?? "anyone with the link"}`}>
                Revoke
              </Button>
            ),
          })}
        />
      </section>

      <RevokeDialog revocation={removal} title={`Remove ${removing?.name ?? removing?.email ?? ""}?`} confirmLabel="Remove member">
        <p>
          {removing?.is_you ? "You will be signed out at once and lose access to the company." : "They are signed out at once and can no longer sign in."} Their notes and
          moves stay. To come back they need a new invitation.
        </p>
      </RevokeDialog>
      <RevokeDialog revocation={revocation} title="Revoke this invitation?" confirmLabel="Revoke invitation">
        <p>The link for {revoking?.email ?? "anyone with the link"} stops working at once.</p>
      </RevokeDialog>
    </div>
  );
}
