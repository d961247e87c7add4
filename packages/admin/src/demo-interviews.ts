import { scheduleInterview, type ServiceContext } from "@hireflow/core";
import { type PrismaClient } from "@hireflow/db";

/** The demo interview kit: on the backend job's onsite stage, with the attributes a scorecard rates. */
export const DEMO_KIT = { name: "Onsite: system design", durationMinutes: 60, attributes: ["System design", "Communication", "Ownership"], questions: ["Design a webhook delivery service with retries."] };

/**
 * The demo's interviews (issue 26): a kit on the backend job's onsite stage, and for the candidate in
 * that stage one interview yesterday (its scorecards are due: the demo interviewer submits one) and
 * one in three days, each with the demo interviewer and the admin on the panel. Scheduled through the
 * service, so the invitations are in Settings → E-mail log.
 */
export async function seedDemoInterviews(prisma: PrismaClient, svc: ServiceContext, opts: { jobId: number; candidateId: number; panel: string[] }): Promise<number> {
  const kit = await prisma.jobInterview.create({
    data: { companyId: svc.companyId, jobId: opts.jobId, stageKey: "onsite", position: 0, name: DEMO_KIT.name, durationMinutes: DEMO_KIT.durationMinutes, attributes: DEMO_KIT.attributes, questions: DEMO_KIT.questions, instructions: "Rate what you saw; leave out what you did not assess." },
  });
  const day = 86_400_000;
  // Whole hours, so the times read well in the invitations.
  const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  for (const offset of [-day, 3 * day]) {
    await scheduleInterview(svc, { candidate_id: opts.candidateId, interview_id: kit.id, start_at: new Date(hour + offset).toISOString(), time_zone: "Europe/Berlin", video_url: "https://meet.example.com/acme-onsite", interviewer_ids: opts.panel });
  }
  return 2;
}
