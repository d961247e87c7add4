import { handleConsentDecision } from "@/server/oauth/consent";

export const dynamic = "force-dynamic";

export const POST = handleConsentDecision;
