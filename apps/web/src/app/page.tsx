import { isInterviewerOnly } from "@hireflow/core/kernel/roles";
import { redirect } from "next/navigation";
import { getSession } from "@/lib/server/session";

/**
 * The app starts at the jobs list, or for an interviewer at My interviews, the one page of theirs
 * (the proxy sends signed-out visitors to /sign-in first).
 */
export default async function Home() {
  const session = await getSession();
  redirect(session && isInterviewerOnly(session.user.role) ? "/my-interviews" : "/jobs");
}
