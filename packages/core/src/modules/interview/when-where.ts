import { type Prisma } from "@hireflow/db";

/**
 * An interview's title, time and place as the member's lists write them (My interviews, the candidate
 * page's scorecard forms): one select and one shape. The API's interview (interviews.ts serialize)
 * writes the same fields between others, in the order its answers have always had.
 */
export const interviewWhenWhereSelect = {
  id: true,
  title: true,
  startAt: true,
  endAt: true,
  timeZone: true,
  location: true,
  videoUrl: true,
} as const satisfies Prisma.InterviewSelect;

export interface InterviewWhenWhereRow {
  id: number;
  title: string;
  startAt: Date;
  endAt: Date;
  timeZone: string;
  location: string | null;
  videoUrl: string | null;
}

export function interviewWhenWhere(row: InterviewWhenWhereRow) {
  return {
    id: row.id,
    title: row.title,
    start_at: row.startAt.toISOString(),
    end_at: row.endAt.toISOString(),
    time_zone: row.timeZone,
    location: row.location,
    video_url: row.videoUrl,
  };
}
