import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { requireSession } from "@/lib/server/session";
import { TeamManager } from "./team-manager";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const session = await requireSession("/settings/team");
  const caller = await serverCaller();
  const [members, invitations] = await Promise.all([load(caller.team.members()), load(caller.team.invitations())]);
  return (
    <>
      <PageHeader
        title="Team"
        description="Owners and admins manage the settings; recruiters work on jobs and candidates. Only owners make or remove owners, and the company always keeps one."
      />
      <TeamManager initialMembers={members.data} initialInvitations={invitations.data} myRole={session.user.role} />
    </>
  );
}
