import { corsPreflight } from "@/server/oauth/metadata";
import { handleTokenRequest } from "@/server/oauth/endpoints";

export const dynamic = "force-dynamic";

export const POST = handleTokenRequest;
export const OPTIONS = corsPreflight;
