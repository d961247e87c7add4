import { ALAN, CANDIDATE_ID, GRACE, ORIGIN, page } from "./entities.ts";

/** The scheduling link of the reference's examples: Ada picks a time for her technical interview with Grace or Alan. */
export const SCHEDULING_LINK_ID = 64;

export const schedulingLink = {
  id: SCHEDULING_LINK_ID,
  candidate_id: CANDIDATE_ID,
  url: `${ORIGIN}/schedule/q3Vb8xZ1tC0kR7mW2nY5pL9sD4fG6hJ8aE1uI3oK0wT`,
  status: "open",
  title: "Technical interview",
  duration_minutes: 60,
  slot_interval_minutes: 30,
  // The pool in id order (as the API lists it): either of them takes the interview.
  interviewer_ids: [GRACE.id, ALAN.id],
  from: "2027-01-11T00:00:00.000Z",
  to: "2027-01-25T00:00:00.000Z",
  min_notice_hours: 24,
  location: null,
  video_url: "https://meet.example.com/abc-defg-hij",
  expires_at: "2027-01-25T00:00:00.000Z",
  notify_candidate: true,
  interview_id: null,
  reschedules_left: 3,
  created_at: "2027-01-10T14:00:00.000Z",
  updated_at: "2027-01-10T14:00:00.000Z",
} as const;

/** Grace's availability: Berlin time, a lunch break, a short Friday, a buffer, a cap and her Google calendar. */
const workingHours = [
  { day: "mon", start: "09:00", end: "12:00" },
  { day: "mon", start: "13:00", end: "17:00" },
  { day: "tue", start: "09:00", end: "12:00" },
  { day: "tue", start: "13:00", end: "17:00" },
  { day: "wed", start: "09:00", end: "12:00" },
  { day: "wed", start: "13:00", end: "17:00" },
  { day: "thu", start: "09:00", end: "12:00" },
  { day: "thu", start: "13:00", end: "17:00" },
  { day: "fri", start: "09:00", end: "13:00" },
] as const;
const BUSY_CALENDAR_URL = "https://calendar.google.com/calendar/ical/grace%40acme.example/private-7c1e9b2a4d6f8e0c3b5a7d9f1e2c4b6a/basic.ics";

export const availability = {
  user_id: GRACE.id,
  time_zone: "Europe/Berlin",
  working_hours: workingHours,
  buffer_minutes: 15,
  max_interviews_per_day: 4,
  busy_calendar_url: BUSY_CALENDAR_URL,
  busy_calendar: { connected: true, fetched_at: "2027-01-10T13:55:00.000Z", error: null, stale: false },
  is_default: false,
} as const;

export const SCHEDULING_OPERATION_EXAMPLES = {
  "schedulingLinks-create": {
    request: {
      candidate_id: CANDIDATE_ID,
      title: "Technical interview",
      duration_minutes: 60,
      interviewer_ids: [GRACE.id, ALAN.id],
      from: "2027-01-11T00:00:00Z",
      to: "2027-01-25T00:00:00Z",
      min_notice_hours: 24,
      video_url: "https://meet.example.com/abc-defg-hij",
      notify_candidate: true,
    },
    response: { data: schedulingLink },
  },
  "schedulingLinks-list": { query: { candidate_id: CANDIDATE_ID, limit: 25 }, response: page([{ ...schedulingLink, status: "booked", interview_id: 318, updated_at: "2027-01-11T08:12:00.000Z" }], null) },
  "schedulingLinks-get": { path: { id: SCHEDULING_LINK_ID }, response: { data: schedulingLink } },
  "schedulingLinks-revoke": { path: { id: SCHEDULING_LINK_ID }, response: { data: { ...schedulingLink, status: "revoked", updated_at: "2027-01-10T16:30:00.000Z" } } },
  "availability-get": { path: { id: GRACE.id }, response: { data: availability } },
  "availability-put": {
    path: { id: GRACE.id },
    request: { time_zone: "Europe/Berlin", working_hours: workingHours, buffer_minutes: 15, max_interviews_per_day: 4, busy_calendar_url: BUSY_CALENDAR_URL },
    response: { data: { ...availability, busy_calendar: { ...availability.busy_calendar, fetched_at: "2027-01-10T14:02:00.000Z" } } },
  },
};
