'use client';
import { useState } from 'react';

/**
 * A number that changes each time `open` turns true. Dialogs key their body with it, so every
 * opening starts from fresh state instead of resetting it in an effect, while closing keeps the
 * body mounted for the exit animation.
 */
export function useOpenSession(open: boolean): number {
  const [session, setSession] = useState(open ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSession(session + 1);
  }
  return session;
}
