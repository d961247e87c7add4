import { STAGE_LABELS, STAGES } from "@/lib/stages";

/** The pipeline's stages as the options of a <select>, in column order, labelled as on the board. */
export function StageOptions() {
  return (
    <>
      {STAGES.map((s) => (
        <option key={s} value={s}>
          {STAGE_LABELS[s]}
        </option>
      ))}
    </>
  );
}
