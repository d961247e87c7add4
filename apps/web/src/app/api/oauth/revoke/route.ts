import { corsPreflight } from "@/server/oauth/metadata";
import { handleRevocationRequest } from "@/server/oauth/endpoints";

export const dynamic = "force-dynamic";

export const POST = handleRevocationRequest;
export const OPTIONS = corsPreflight;
