// The shapes the session calls return (manage/login/, manage/initial_data/, ...), shared by the
// server that builds them and the shell that reads them.
import type { DeviceKind } from './user-agent';

export type SessionUser = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  full_name: string;
  initials: string;
  email: string;
  is_superuser: boolean;
  is_staff: boolean;
  is_active: boolean;
  language: string;
  /** The user's active roles. */
  roles: { id: number; name: string; short: string }[];
  /** Short codes of the roles and permissions. */
  role_shorts: string[];
  permissions: string[];
  /** Merged allowed routes of all roles (superusers pass every route regardless). */
  routes: string[];
  /** Which shell the user gets. */
  kind: 'staff' | 'teacher' | 'student' | 'aspirant';
  is_admin: boolean;
  student_id: number | null;
  teacher_id: number | null;
  aspirant_id: number | null;
};

export type CampusOption = { id: number; code: string; name: string };
export type CicleOption = {
  id: number;
  description: string;
  cicle_name: string | null;
  campus_id: number | null;
  cicle_type: string;
  is_active: boolean;
  start: string | null;
  end: string | null;
};

export type InitialData = {
  user: SessionUser;
  campuses: CampusOption[];
  /** Periods of the selected campus (for a student: those of their group's period type). */
  cicles: CicleOption[];
  selection: { campus_id: number | null; cicle_id: number | null };
  /** A student's period is forced to their group's: the selector is then read-only. */
  cicle_locked: boolean;
  institution_name: string;
};

/** Cookies that keep the campus and period selection (read by server components too). */
/** One of the user's own sessions (GET manage/api/sessions/, the "My sessions" screen). */
export type OwnSessionView = {
  id: string;
  /** "browser" (signed in on a page) or "api" (a token of manage/login/). */
  kind: string;
  created_at: string;
  /** Its last request, to within a few minutes (server/auth/actor.ts, LAST_USED_STEP_MS). */
  last_used_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
  /** What the device is, in words ("Chrome 131 · Windows", lib/user-agent.ts). */
  device: string;
  device_kind: DeviceKind;
  /** The session of the request that asked. */
  current: boolean;
};

export const CAMPUS_COOKIE = 'plantel.campus';
export const CICLE_COOKIE = 'plantel.cicle';
