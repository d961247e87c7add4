/** Stages the public API accepts (PublicApiStage). Events may carry other stage strings. */
export const PUBLIC_API_STAGES = ["prospect", "applied", "phonescreen", "inprogress", "hired", "rejected"] as const;

export type PublicApiStage = (typeof PUBLIC_API_STAGES)[number];
