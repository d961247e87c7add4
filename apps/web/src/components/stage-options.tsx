import type { JobStage } from "@/lib/stages";

/** Stages as the options of a <select>, in order, by name (the value is the key). */
export function StageOptions({ stages }: { stages: readonly Pick<JobStage, "key" | "name">[] }) {
  return (
    <>
      {stages.map((stage) => (
        <option key={stage.key} value={stage.key}>
          {stage.name}
        </option>
      ))}
    </>
  );
}
