import { corsPreflight } from "@/server/oauth/metadata";
import { handleRegistrationRequest } from "@/server/oauth/endpoints";

export const dynamic = "force-dynamic";

export const POST = handleRegistrationRequest;
export const OPTIONS = corsPreflight;
