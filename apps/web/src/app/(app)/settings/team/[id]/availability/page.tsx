import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { requireSession } from "@/lib/server/session";
import { AvailabilityForm } from "../../../../my-availability/availability-form";

export const metadata: Metadata = { title: "Member availability" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A member's availability, as an owner or admin sees and sets it (Settings → Team; the settings layout admits only them). */
export default async function MemberAvailabilityPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  if (!UUID.test(raw)) notFound();
  const id = raw.toLowerCase();
  const session = await requireSession(`/settings/team/${id}/availability`);
  if (id === session.user.id) redirect("/my-availability");
  const caller = await serverCaller();
  const [members, availability] = await Promise.all([load(caller.team.members()), load(caller.availability.get({ id }))]);
  const member = members.data.find((m) => m.id === id);
  if (!member) notFound();
  const who = member.name ?? member.email;
  return (
    <>
      <PageHeader
        back={{ href: "/settings/team", label: "Team" }}
        title={`Availability of ${who}`}
        description={`When candidates can book interviews with ${who} through a scheduling link. Members set their own under My availability; owners and admins can change anyone's here.`}
      />
      <AvailabilityForm userId={id} initial={availability.data} self={false} />
    </>
  );
}
