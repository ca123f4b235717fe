'use client';

// What every screen inside the shell may need without asking the server again: the signed-in
// user, the campus and period chosen in the top bar, and the access subject for hiding actions.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AccessSubject } from '@/lib/auth/access';
import type { CampusOption, CicleOption, InitialData, SessionUser } from '@/lib/session-types';

export type ShellData = {
  initial: InitialData;
  user: SessionUser;
  subject: AccessSubject;
  campus: CampusOption | null;
  cicle: CicleOption | null;
};

const ShellContext = createContext<ShellData | null>(null);

export function accessSubject(user: SessionUser): AccessSubject {
  return { is_superuser: user.is_superuser, routes: user.routes, permissions: user.permissions, roles: user.role_shorts };
}

export function ShellProvider({ initial, children }: { initial: InitialData; children: ReactNode }) {
  const value = useMemo<ShellData>(
    () => ({
      initial,
      user: initial.user,
      subject: accessSubject(initial.user),
      campus: initial.campuses.find((campus) => campus.id === initial.selection.campus_id) ?? null,
      cicle: initial.cicles.find((cicle) => cicle.id === initial.selection.cicle_id) ?? null,
    }),
    [initial],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

/** The session's data when inside the shell (a generic form may also open outside it). */
export function useShellIfAny(): ShellData | null {
  return useContext(ShellContext);
}

/** The session's data; only for components rendered inside the (app) layout. */
export function useShell(): ShellData {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell() must be used inside the application shell.');
  return value;
}
