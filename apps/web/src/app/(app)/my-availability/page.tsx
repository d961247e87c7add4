import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { requireSession } from "@/lib/server/session";
import { AvailabilityForm } from "./availability-form";

export const metadata: Metadata = { title: "My availability" };

/**
 * My availability (issue 42 §1), for every member, interviewers included: when candidates may book
 * them through a scheduling link. Owners and admins open a member's from Settings → Team.
 */
export default async function MyAvailabilityPage() {
  const session = await requireSession("/my-availability");
  const availability = await load((await serverCaller()).availability.get({ id: session.user.id }));
  return (
    <>
      <PageHeader
        title="My availability"
        description="When candidates can book interviews with you through a scheduling link: your working hours, a buffer between interviews, a daily cap, and your own calendar's busy time."
      />
      <AvailabilityForm userId={session.user.id} initial={availability.data} self />
    </>
  );
}
